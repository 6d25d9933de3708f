//! `gen`, `validate` and `check --spec`, as a user runs them: the generator protocol, a
//! validator's exit statuses, a wrong program found and shrunk by the input's structure, and a
//! mistyped spec told as such.

use super::{ARRAY, TREE};
use crate::common;
use atcoder_games_tool::process::Run;
use common::{paragraphs, stdout};
use std::fs;
use std::path::{Path, PathBuf};
use test_support::contract::assert_usage_error;

/// A folder of this test's own with `files` in it, each a name and its text.
fn folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let folder = common::scratch(&format!("spec-{name}"));
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder).unwrap();
    for (file, text) in files {
        fs::write(folder.join(file), text).unwrap();
    }
    folder
}

/// The tool run in `folder` with `arguments`, `input` on stdin.
fn tool_in(folder: &Path, arguments: &[&str], input: &str) -> Run {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = common::tool_command()
        .args(arguments)
        .current_dir(folder)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The tool may end before it reads its input (a spec it cannot read): the pipe is then
    // broken, which is no failure of the test.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let output = child.wait_with_output().unwrap();
    common::run_of(output)
}

fn stderr(run: &Run) -> String {
    String::from_utf8_lossy(&run.stderr).into_owned()
}

#[test]
fn gen_prints_the_input_of_size_and_seed_as_the_library_makes_it() {
    let folder = folder("gen", &[("spec.txt", ARRAY)]);
    let run = tool_in(&folder, &["gen", "spec.txt", "20", "5"], "");
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(stdout(&run), super::spec(ARRAY).generate(20, 5).unwrap());
    let again = tool_in(&folder, &["gen", "spec.txt", "20", "5"], "");
    assert_eq!(again.stdout, run.stdout);
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn validate_exits_with_0_or_with_1_and_where_or_with_2_for_a_bad_spec() {
    let folder = folder(
        "validate",
        &[
            ("spec.txt", ARRAY),
            ("bad.txt", "N\n- N is even.\n"),
            ("input.txt", "2 3\n1 1\n"),
        ],
    );
    let valid = tool_in(&folder, &["validate", "spec.txt"], "2 3\n1 5\n");
    assert_eq!(valid.status.code(), Some(0), "{}", stderr(&valid));
    assert_eq!(
        stderr(&valid),
        "valid: N reached neither 1 nor 2*10^5; K reached neither 1 nor 10^9; A_i reached 1, not 10^9\n"
    );
    let from_file = tool_in(&folder, &["validate", "spec.txt", "input.txt"], "");
    assert_eq!(from_file.status.code(), Some(0), "{}", stderr(&from_file));
    let invalid = tool_in(&folder, &["validate", "spec.txt"], "2 3\n1 0\n");
    assert_eq!(invalid.status.code(), Some(1));
    assert!(invalid.stdout.is_empty());
    assert_eq!(
        stderr(&invalid),
        "invalid: line 2, token 2: A_2 = 0 breaks 1 \\leq A_i \\leq 10^9\n"
    );
    let bad = tool_in(&folder, &["validate", "bad.txt"], "2\n");
    let first = assert_usage_error(&bad);
    assert!(
        first.starts_with(
            "error: bad.txt: spec line 2: `- N is even.` is no constraint the spec reads"
        ),
        "{first}"
    );
    let missing = tool_in(&folder, &["gen", "missing.txt", "5", "1"], "");
    assert!(assert_usage_error(&missing).contains("cannot read the spec missing.txt"));
    fs::remove_dir_all(&folder).unwrap();
}

/// A tree's diameter: the right answer, and one that gives the eccentricity of vertex 1.
const DIAMETER: &str = "import sys
from collections import deque
d = sys.stdin.read().split()
n = int(d[0])
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    u, v = int(d[1 + 2 * i]), int(d[2 + 2 * i])
    adj[u].append(v)
    adj[v].append(u)
def bfs(s):
    dist = [-1] * (n + 1)
    dist[s] = 0
    q = deque([s])
    while q:
        x = q.popleft()
        for y in adj[x]:
            if dist[y] < 0:
                dist[y] = dist[x] + 1
                q.append(y)
    return dist
";

#[test]
fn a_wrong_program_is_found_and_its_input_shrunk_to_the_smallest_tree() {
    let right = format!(
        "{DIAMETER}far = max(range(1, n + 1), key=lambda v: bfs(1)[v])\nprint(max(bfs(far)))\n"
    );
    let wrong = format!("{DIAMETER}print(max(bfs(1)))\n");
    let folder = folder(
        "tree",
        &[("spec.txt", TREE), ("ref.py", &right), ("wrong.py", &wrong)],
    );
    let save = folder.join("saved");
    let arguments = [
        "check",
        "--spec",
        "spec.txt",
        "--reference",
        "python3 ref.py",
        "--seed",
        "1",
        "--save",
        save.to_str().unwrap(),
        "python3",
        "wrong.py",
    ];
    let run = tool_in(&folder, &arguments, "");
    let report = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{report}{}", stderr(&run));
    assert!(
        report.starts_with("check: python3 wrong.py gives a wrong answer (WA) on "),
        "{report}"
    );
    // A path of three vertices, 1 at its end.
    let saved = fs::read_to_string(
        fs::read_dir(&save)
            .unwrap()
            .flatten()
            .find(|entry| entry.path().extension().is_some_and(|e| e == "in"))
            .unwrap()
            .path(),
    )
    .unwrap();
    let spec = super::spec(TREE);
    spec.validate(&saved).unwrap();
    assert!(saved.starts_with("3\n"), "{saved}");
    let prose = paragraphs(&report).join("\n");
    assert!(prose.contains("shrunk through the spec"), "{report}");
    assert!(
        prose.contains("The inputs' bounds: N reached 2"),
        "{report}"
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_sample_that_breaks_the_spec_is_told_as_a_mistyped_spec() {
    let folder = folder("sample", &[("spec.txt", ARRAY), ("ref.sh", "echo 0\n")]);
    fs::create_dir_all(folder.join("test")).unwrap();
    fs::write(folder.join("test/sample-1.in"), "2 3\n1 0\n").unwrap();
    fs::write(folder.join("test/sample-1.out"), "0\n").unwrap();
    let run = tool_in(
        &folder,
        &[
            "check",
            "--spec",
            "spec.txt",
            "--reference",
            "sh ref.sh",
            "sh",
            "ref.sh",
        ],
        "",
    );
    let first = assert_usage_error(&run);
    assert!(
        first.contains("breaks the spec, at line 2, token 2: A_2 = 0"),
        "{first}"
    );
    assert!(first.contains("mistyped spec"), "{first}");
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_generator_whose_input_breaks_the_spec_is_the_generators_failure() {
    let folder = folder(
        "generator",
        &[
            ("spec.txt", ARRAY),
            ("gen.py", "print(2, 3)\nprint(1, 0)\n"),
            ("ref.py", "print(0)\n"),
        ],
    );
    let arguments = [
        "check",
        "--spec",
        "spec.txt",
        "--generator",
        "python3 gen.py",
        "--reference",
        "python3 ref.py",
        "python3",
        "ref.py",
    ];
    let run = tool_in(&folder, &arguments, "");
    let report = stdout(&run);
    assert_eq!(run.status.code(), Some(3), "{report}{}", stderr(&run));
    assert!(report.contains("and the spec disagree: the generator's input breaks the spec at line 2, token 2: A_2 = 0"), "{report}");
    fs::remove_dir_all(&folder).unwrap();
}
