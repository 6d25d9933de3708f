//! Two more interactive problems, "Find by Query" (ABC299 D) and "Bad Juice" (ABC337 E), each
//! with right and wrong programs in Python, C++ and Rust; and the verdicts a dialogue can end in
//! besides: a crash, an early end, a failure that does not repeat.

use super::*;

/// "Find by Query" (ABC299 D): a hidden string of 0s and 1s, S_1 = 0 and S_N = 1; `? i` is
/// answered with S_i, at most 20 times; `! p` must be a place where S_p differs from S_(p+1).
const FIND_JUDGE: &str = r#"import sys
s = open(sys.argv[1]).read().split()[1]
def verdict(status, words):
    open(sys.argv[2], 'w').write(words + '\n')
    sys.exit(status)
print(len(s), flush=True)
asked = 0
for line in sys.stdin:
    said = line.split()
    if said[:1] == ['?']:
        asked += 1
        if asked > 20:
            verdict(1, 'query limit exceeded: more than 20 queries')
        print(s[int(said[1]) - 1], flush=True)
    elif said[:1] == ['!']:
        p = int(said[1])
        if 1 <= p < len(s) and s[p - 1] != s[p]:
            verdict(0, 'right')
        verdict(1, f'S_{p} = S_{p + 1}: no change there')
verdict(1, 'the program ended before its answer')
"#;

const FIND_GENERATOR: &str = r#"import random, sys
size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = max(size, 2)
middle = ''.join(rng.choice('01') for _ in range(n - 2))
print(n)
print('0' + middle + '1')
"#;

/// Right: a binary search that keeps S_low = 0 and S_high = 1. In Rust, std alone.
const FIND_RIGHT_RUST: &str = r#"use std::io::{self, BufRead, Write};

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut next = || lines.next().unwrap().unwrap();
    let n: usize = next().trim().parse().unwrap();
    let (mut low, mut high) = (1, n);
    while high - low > 1 {
        let middle = (low + high) / 2;
        println!("? {middle}");
        io::stdout().flush().unwrap();
        if next().trim() == "0" {
            low = middle;
        } else {
            high = middle;
        }
    }
    println!("! {low}");
}
"#;

/// Wrong: it steps past a 0, and may leave the place where S changes behind.
const FIND_WRONG_PYTHON: &str = r#"n = int(input())
low, high = 1, n
while high - low > 1:
    middle = (low + high) // 2
    print('?', middle, flush=True)
    if input() == '0':
        low = middle + 1
    else:
        high = middle
print('!', low, flush=True)
"#;

/// Right, but through a BufWriter that is flushed only at the end: its first query never
/// leaves.
const FIND_BUFFERED_RUST: &str = r#"use std::io::{self, BufRead, BufWriter, Write};

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut next = || lines.next().unwrap().unwrap();
    let mut out = BufWriter::new(io::stdout());
    let n: usize = next().trim().parse().unwrap();
    let (mut low, mut high) = (1, n);
    while high - low > 1 {
        let middle = (low + high) / 2;
        writeln!(out, "? {middle}").unwrap();
        if next().trim() == "0" {
            low = middle;
        } else {
            high = middle;
        }
    }
    writeln!(out, "! {low}").unwrap();
}
"#;

fn find_by_query() -> PathBuf {
    folder_with(
        "find-by-query",
        &[
            ("judge.py", FIND_JUDGE),
            ("gen.py", FIND_GENERATOR),
            ("right.rs", FIND_RIGHT_RUST),
            ("wrong.py", FIND_WRONG_PYTHON),
            ("buffered.rs", FIND_BUFFERED_RUST),
        ],
    )
}

/// The check of `program` on Find by Query, in `folder`.
fn check_find(folder: &Path, program: &[&str]) -> (Option<i32>, String, Duration) {
    let python = python();
    let (interactor, generator) = (format!("{python} judge.py"), format!("{python} gen.py"));
    let save = folder.join("saved");
    let mut arguments = vec![
        "--seed",
        "2",
        "--cases",
        "30",
        "--max-size",
        "1000",
        "--save",
        save.to_str().unwrap(),
        "--interactor",
        &interactor,
        "--generator",
        &generator,
    ];
    arguments.extend(program);
    check_in(folder, &arguments)
}

#[test]
fn find_by_query_in_rust_and_python_right_wrong_and_unflushed() {
    let folder = find_by_query();
    let (status, report, _) = check_find(&folder, &["right.rs"]);
    assert_eq!(status, Some(0), "{report}");
    let python = python();
    let (status, report, _) = check_find(&folder, &[&python, "wrong.py"]);
    let prose = paragraphs(&report).join("\n");
    assert_eq!(status, Some(1), "{report}");
    assert!(
        prose.contains("gives a wrong answer (WA) on check-test-"),
        "{report}"
    );
    assert!(report.contains("The interactor says:\n  S_"), "{report}");
    assert!(prose.contains(": no change there"), "{report}");
    // The smallest failing string is short: four characters, or five.
    let size: usize = prose
        .split("Smallest failing input (size ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|size| size.parse().ok())
        .unwrap_or_else(|| panic!("no size: {report}"));
    assert!(size <= 5, "{report}");
    let (status, report, _) = check_find(&folder, &["buffered.rs"]);
    let prose = paragraphs(&report).join("\n");
    assert_eq!(status, Some(1), "{report}");
    assert!(prose.contains("the dialogue got stuck"), "{report}");
    assert!(
        prose.contains("Likely mistake: a query printed but not flushed.")
            && prose.contains("std::io::stdout().flush()"),
        "{report}"
    );
    fs::remove_dir_all(&folder).unwrap();
}

/// "Bad Juice" (ABC337 E): one of N bottles is bad. The program gives M friends bottles to
/// drink (M the fewest that can tell, `M`, then `K A_1 ... A_K` each), reads which of them got
/// sick, and names the bad bottle.
const JUICE_JUDGE: &str = r#"import sys
n, bad = map(int, open(sys.argv[1]).read().split())
def verdict(status, words):
    open(sys.argv[2], 'w').write(words + '\n')
    sys.exit(status)
print(n, flush=True)
fewest = (n - 1).bit_length()
m = int(sys.stdin.readline())
if m != fewest:
    verdict(1, f'M = {m} friends, where {fewest} can tell')
sick = []
for _ in range(m):
    k, *given = map(int, sys.stdin.readline().split())
    sick.append('1' if bad in given else '0')
print(''.join(sick), flush=True)
named = int(sys.stdin.readline())
if named != bad:
    verdict(1, f'bottle {named} named, where {bad} is bad')
verdict(0, 'right')
"#;

const JUICE_GENERATOR: &str = r#"import random, sys
size, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
n = max(size, 2)
print(n, rng.randint(1, n))
"#;

/// Right: friend i drinks the bottles whose number less one has bit i.
const JUICE_RIGHT_CPP: &str = r#"#include <iostream>
#include <string>
#include <vector>
using namespace std;
int main() {
    int n;
    cin >> n;
    int m = 0;
    while ((1 << m) < n) m++;
    cout << m << endl;
    for (int i = 0; i < m; i++) {
        vector<int> given;
        for (int bottle = 1; bottle <= n; bottle++)
            if ((bottle - 1) >> i & 1) given.push_back(bottle);
        cout << given.size();
        for (int bottle : given) cout << ' ' << bottle;
        cout << endl;
    }
    string sick;
    cin >> sick;
    int bad = 0;
    for (int i = 0; i < m; i++)
        if (sick[i] == '1') bad |= 1 << i;
    cout << bad + 1 << endl;
}
"#;

/// Right, but with cin untied from cout and '\n' for endl: nothing is flushed until the end.
const JUICE_UNTIED_CPP: &str = r#"#include <iostream>
#include <string>
using namespace std;
int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int n;
    cin >> n;
    int m = 0;
    while ((1 << m) < n) m++;
    cout << m << '\n';
    for (int i = 0; i < m; i++) {
        int count = 0;
        for (int bottle = 1; bottle <= n; bottle++) count += (bottle - 1) >> i & 1;
        cout << count;
        for (int bottle = 1; bottle <= n; bottle++)
            if ((bottle - 1) >> i & 1) cout << ' ' << bottle;
        cout << '\n';
    }
    string sick;
    cin >> sick;
    int bad = 0;
    for (int i = 0; i < m; i++)
        if (sick[i] == '1') bad |= 1 << i;
    cout << bad + 1 << '\n';
}
"#;

#[test]
fn bad_juice_in_cpp_right_wrong_at_a_power_of_two_and_untied() {
    // Wrong at a power of two: it counts the bits of N, one friend too many there.
    let juice_wrong = JUICE_RIGHT_CPP.replace("(1 << m) < n", "(1 << m) <= n");
    assert_ne!(juice_wrong, JUICE_RIGHT_CPP);
    let folder = folder_with(
        "bad-juice",
        &[
            ("judge.py", JUICE_JUDGE),
            ("gen.py", JUICE_GENERATOR),
            ("right.cpp", JUICE_RIGHT_CPP),
            ("wrong.cpp", &juice_wrong),
            ("untied.cpp", JUICE_UNTIED_CPP),
        ],
    );
    let python = python();
    let (interactor, generator) = (format!("{python} judge.py"), format!("{python} gen.py"));
    let save = folder.join("saved");
    let juice = |program: &str| {
        let arguments = [
            "--seed",
            "3",
            "--cases",
            "30",
            "--max-size",
            "100",
            "--save",
            save.to_str().unwrap(),
            "--interactor",
            &interactor,
            "--generator",
            &generator,
            program,
        ];
        check_in(&folder, &arguments)
    };
    let (status, report, _) = juice("right.cpp");
    assert_eq!(status, Some(0), "{report}");
    let (status, report, _) = juice("wrong.cpp");
    assert_eq!(status, Some(1), "{report}");
    // Two bottles, the smallest power of two: one friend tells them apart.
    assert!(report.contains(":\n2 1\n\n"), "{report}");
    assert!(
        report.contains("The interactor says:\n  M = 2 friends, where 1 can tell\n"),
        "{report}"
    );
    let (status, report, _) = juice("untied.cpp");
    let prose = paragraphs(&report).join("\n");
    assert_eq!(status, Some(1), "{report}");
    assert!(prose.contains("the dialogue got stuck"), "{report}");
    assert!(prose.contains("cin.tie(nullptr)"), "{report}");
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_crash_in_a_dialogue_is_re_an_early_end_wa_and_a_failure_that_passes_again_is_said() {
    let crashes =
        "n = int(input())\nprint('?', 1, flush=True)\ninput()\nraise ValueError('a bug')\n";
    let ends_early = "n = int(input())\nprint('?', 1, flush=True)\ninput()\n";
    // Fails once, where a file says so, and never again: as a program drawing at random may.
    let once = "import os\nn = int(input())\nif os.path.exists('fail-once'):\n    os.remove('fail-once')\n    print('!', n, flush=True)\nelse:\n    low, high = 1, n\n    while high - low > 1:\n        middle = (low + high) // 2\n        print('?', middle, flush=True)\n        if input() == '0':\n            low = middle\n        else:\n            high = middle\n    print('!', low, flush=True)\n";
    let folder = folder_with(
        "early",
        &[
            ("judge.py", FIND_JUDGE),
            ("gen.py", FIND_GENERATOR),
            ("crashes.py", crashes),
            ("ends_early.py", ends_early),
            ("once.py", once),
            ("fail-once", ""),
        ],
    );
    let python = python();
    let (status, report, _) = check_find(&folder, &[&python, "crashes.py"]);
    let prose = paragraphs(&report).join("\n");
    assert_eq!(status, Some(1), "{report}");
    assert!(
        prose.contains("gives a runtime error (RE, exit status: 1)"),
        "{report}"
    );
    assert!(report.contains("ValueError: a bug"), "{report}");
    let (status, report, _) = check_find(&folder, &[&python, "ends_early.py"]);
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains("The interactor says:\n  the program ended before its answer\n"),
        "{report}"
    );
    assert!(!report.contains("Run once more"), "{report}");
    let (status, report, _) = check_find(&folder, &["--jobs", "1", &python, "once.py"]);
    let prose = paragraphs(&report).join("\n");
    assert_eq!(status, Some(1), "{report}");
    assert!(
        prose.contains(
            "Run once more, the smallest failing input passed: the program may draw random numbers"
        ),
        "{report}"
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn an_interactor_gets_the_judges_stack_and_a_script_named_without_py_is_still_python() {
    // A C interactor that recurses 64 MiB deep before it talks, beyond a shell's 8 MiB: it runs
    // with the check's stack, as every helper does.
    let deep = "#include <stdio.h>\nint depth(int n) { volatile char pad[1024]; pad[0] = (char)n; if (n == 0) return 0; int below = depth(n - 1); return below + (pad[0] == (char)n); }\nint main(int argc, char **argv) {\n    printf(\"%d\\n\", depth(65536));\n    fflush(stdout);\n    char line[64];\n    if (!fgets(line, sizeof line, stdin)) return 1;\n    FILE *words = fopen(argv[2], \"w\");\n    fputs(line[0] == '?' ? \"an unflushed query came\\n\" : \"right\\n\", words);\n    return line[0] == '?' ? 1 : 0;\n}\n";
    // Its answer, unflushed and read with readline, from a script whose name has no `.py`.
    let unflushed = "import sys\nn = sys.stdin.readline()\nprint('?')\nsys.stdin.readline()\n";
    let folder = folder_with(
        "deep",
        &[
            ("judge.c", deep),
            ("gen.py", "import sys\nprint(sys.argv[1])\n"),
            (
                "answer",
                "import sys\nprint(sys.stdin.readline().strip(), flush=True)\n",
            ),
            ("unflushed", unflushed),
        ],
    );
    let python = python();
    let generator = format!("{python} gen.py");
    let arguments = |program: &'static str| {
        [
            "--cases",
            "2",
            "--stack",
            "256",
            "--interactor",
            "judge.c",
            "--generator",
            &generator,
            &python,
            program,
        ]
        .map(String::from)
    };
    let (status, report, _) =
        check_in(&folder, &arguments("answer").each_ref().map(String::as_str));
    assert_eq!(status, Some(0), "{report}");
    let (status, report, _) = check_in(
        &folder,
        &arguments("unflushed").each_ref().map(String::as_str),
    );
    let prose = paragraphs(&report).join("\n");
    assert_eq!(status, Some(1), "{report}");
    // Python's own fix, the interpreter named by the command.
    assert!(prose.contains("sys.stdin.readline() does not"), "{report}");
    fs::remove_dir_all(&folder).unwrap();
}
