//! `atcoder-games check` on source files, built as AtCoder builds them: each language's build and
//! run on small programs of Lucky 7, the judge's macros and standard, a compilation error with
//! the compiler's message, a missing compiler, the cache, the judge's stack for a deep Java
//! recursion, and a helper given as a source. Each test keeps its builds in a cache of its own.

use crate::common;

use atcoder_games_tool::build::{BuildError, BuildOptions, build, compiler_options, crates_used};
use atcoder_games_tool::resolve::Language;
use common::{paragraphs, scratch};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

mod cache;
mod compilers;

/// Lucky 7 in C++, right, and wrong unless the judge's macros are defined: it refuses to
/// compile without them.
const CPP: &str = r#"#include <bits/stdc++.h>
#if !defined(ONLINE_JUDGE) || !defined(ATCODER)
#error "not built as the judge builds"
#endif
int main() {
    int n; std::string s, x; std::cin >> n >> s >> x;
    std::vector<int> w(7, 0); w[0] = 1;
    for (int i = n - 1; i >= 0; --i) {
        std::vector<int> v(7);
        for (int r = 0; r < 7; r++) {
            int a = w[(10 * r + s[i] - '0') % 7], b = w[(10 * r) % 7];
            v[r] = x[i] == 'T' ? (a | b) : (a & b);
        }
        w = v;
    }
    std::cout << (w[0] ? "Takahashi" : "Aoki") << "\n";
}
"#;

/// The same in C.
const C: &str = r#"#include <stdio.h>
static char s[300000], x[300000];
int main(void) {
    int n; scanf("%d %s %s", &n, s, x);
    int w[7] = {1, 0, 0, 0, 0, 0, 0};
    for (int i = n - 1; i >= 0; i--) {
        int v[7];
        for (int r = 0; r < 7; r++) {
            int a = w[(10 * r + s[i] - '0') % 7], b = w[10 * r % 7];
            v[r] = x[i] == 'T' ? (a | b) : (a & b);
        }
        for (int r = 0; r < 7; r++) w[r] = v[r];
    }
    puts(w[0] ? "Takahashi" : "Aoki");
}
"#;

/// The same in Rust, with no crate.
const RUST: &str = r#"use std::io::Read;
fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let n: usize = tokens.next().unwrap().parse().unwrap();
    let (s, x) = (tokens.next().unwrap().as_bytes(), tokens.next().unwrap().as_bytes());
    let mut w = [false; 7];
    w[0] = true;
    for i in (0..n).rev() {
        let mut v = [false; 7];
        for r in 0..7 {
            let (a, b) = (w[(10 * r + (s[i] - b'0') as usize) % 7], w[10 * r % 7]);
            v[r] = if x[i] == b'T' { a || b } else { a && b };
        }
        w = v;
    }
    println!("{}", if w[0] { "Takahashi" } else { "Aoki" });
}
"#;

/// The same in Rust, read with proconio's `input!`, printed through `#[fastout]`, with itertools.
const RUST_WITH_CRATES: &str = r#"use itertools::Itertools;
use proconio::{fastout, input};

#[fastout]
fn main() {
    input! { n: usize, s: String, x: String }
    let digits = s.bytes().map(|b| (b - b'0') as usize).collect_vec();
    let players = x.bytes().collect_vec();
    let mut w = [false; 7];
    w[0] = true;
    for i in (0..n).rev() {
        let mut v = [false; 7];
        for r in 0..7 {
            let (a, b) = (w[(10 * r + digits[i]) % 7], w[10 * r % 7]);
            v[r] = if players[i] == b'T' { a || b } else { a && b };
        }
        w = v;
    }
    println!("{}", if w[0] { "Takahashi" } else { "Aoki" });
}
"#;

/// The same in Python.
const PYTHON: &str = "n = int(input()); s = input(); x = input()\nw = [r == 0 for r in range(7)]\nfor i in range(n - 1, -1, -1):\n    d = int(s[i])\n    w = [(w[(10 * r + d) % 7] or w[10 * r % 7]) if x[i] == 'T' else (w[(10 * r + d) % 7] and w[10 * r % 7]) for r in range(7)]\nprint('Takahashi' if w[0] else 'Aoki')\n";

/// Lucky 7 in Java, recursing once a round: 200,000 frames at the judge's largest game, which
/// only the judge's stack holds.
const JAVA: &str = r#"import java.io.*;
public class Main {
    static String s, x; static int n; static byte[][] memo;
    static boolean wins(int i, int r) {
        if (i == n) return r == 0;
        if (memo[i][r] != 0) return memo[i][r] == 1;
        boolean a = wins(i + 1, (10 * r + s.charAt(i) - '0') % 7), b = wins(i + 1, (10 * r) % 7);
        boolean w = x.charAt(i) == 'T' ? (a || b) : (a && b);
        memo[i][r] = (byte) (w ? 1 : 2);
        return w;
    }
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        n = Integer.parseInt(in.readLine().trim()); s = in.readLine().trim(); x = in.readLine().trim();
        memo = new byte[n + 1][7];
        System.out.println(wins(0, 0) ? "Takahashi" : "Aoki");
    }
}
"#;

/// A folder with the source `name` holding `text`, and a cache of its own.
struct Sources(PathBuf);

impl Sources {
    fn new(name: &str) -> Self {
        let folder = scratch(name);
        let _ = fs::remove_dir_all(&folder);
        fs::create_dir_all(folder.join("cache")).unwrap();
        Self(folder)
    }

    fn write(&self, name: &str, text: &str) -> &Self {
        fs::write(self.0.join(name), text).unwrap();
        self
    }

    /// `check` in the folder, its cache the folder's, with `arguments`: its exit status, its
    /// report and stderr.
    fn check(&self, arguments: &[&str]) -> (Option<i32>, String, String) {
        let output = common::tool_command()
            .arg("check")
            .args(arguments)
            .current_dir(&self.0)
            .env("PATH", self.path())
            .env("XDG_CACHE_HOME", self.0.join("cache"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        let report = String::from_utf8(output.stdout).unwrap();
        (output.status.code(), paragraphs(&report).join("\n"), stderr)
    }
}

impl Sources {
    /// Puts a stand-in for `program` in the folder's `bin/`, which `check` finds first.
    fn stand_in(&self, program: &str, script: &str) {
        fs::create_dir_all(self.0.join("bin")).unwrap();
        common::executable_script(&self.0.join("bin").join(program), script);
    }

    /// The search path with the folder's `bin/` first.
    fn path(&self) -> String {
        let path = std::env::var("PATH").unwrap_or_default();
        format!("{}:{path}", self.0.join("bin").display())
    }
}

impl Drop for Sources {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Skips a test, saying why, where `program` is missing outside CI (CI installs it).
fn have(program: &str) -> bool {
    let here = Command::new("which").arg(program).output();
    let here = here.is_ok_and(|output| output.status.success());
    if !here {
        assert!(std::env::var_os("CI").is_none(), "CI installs {program}");
        eprintln!("skipped: no {program} here");
    }
    here
}

#[test]
fn each_language_is_built_and_run_as_the_judge_does() {
    let sources = Sources::new("build-each");
    let languages = [
        (
            "main.cpp",
            CPP,
            "g++",
            "as AtCoder builds C++23, GCC 15.2.0 (",
        ),
        ("main.c", C, "gcc", "as AtCoder builds C, GCC ("),
        (
            "main.rs",
            RUST,
            "rustc",
            "as AtCoder builds Rust, rustc 1.89.0 (",
        ),
        (
            "main.py",
            PYTHON,
            "python3",
            "as AtCoder builds Python, CPython 3.13.7 (",
        ),
    ];
    for (file, text, compiler, how) in languages {
        if !have(compiler) {
            continue;
        }
        sources.write(file, text);
        let (code, report, stderr) =
            sources.check(&["--cases", "10", "--seed", "1", "lucky7", file]);
        assert_eq!(code, Some(0), "{file}: {report}{stderr}");
        assert!(
            report.starts_with(&format!("check: {file} passed")),
            "{report}"
        );
        assert!(
            report.contains(&format!("The program was built {how}")),
            "{report}"
        );
        assert!(report.contains(" and runs as: "), "{report}");
    }
    // The judge's flags, and its standard: the C++ source compiles only with its macros.
    let (_, report, _) = sources.check(&["--cases", "1", "lucky7", "main.cpp"]);
    assert!(report.contains("-DATCODER -DONLINE_JUDGE -O2"), "{report}");
    assert!(report.contains("-std=gnu++23"), "{report}");
    assert!(!report.contains(" -lm"), "{report}");
    // C links the math library, as the judge's does.
    if have("gcc") {
        let (_, report, _) = sources.check(&["--cases", "1", "lucky7", "main.c"]);
        assert!(report.contains(" -lm"), "{report}");
    }
    // Python runs with the judge's flag, and its bytecode is kept out of the source's folder.
    let (_, report, _) = sources.check(&["--cases", "1", "lucky7", "main.py"]);
    assert!(report.contains("-X int_max_str_digits=0"), "{report}");
    assert!(!sources.0.join("__pycache__").exists());
}

#[test]
fn a_compilation_error_is_its_own_verdict_with_the_compilers_message() {
    let sources = Sources::new("build-ce");
    sources.write("main.cpp", "int main() { undeclared(); }\n");
    let (code, report, _) = sources.check(&["lucky7", "main.cpp"]);
    assert_eq!(code, Some(1), "{report}");
    assert!(
        report.starts_with(
            "check: main.cpp gives a compilation error (CE) on lucky7: nothing was run."
        ),
        "{report}"
    );
    assert!(
        report.contains("'undeclared' was not declared")
            || report.contains("‘undeclared’ was not declared"),
        "{report}"
    );
    assert!(
        report.contains("The command, as AtCoder builds it ("),
        "{report}"
    );
    assert!(!report.contains("cannot start"), "{report}");
    // A header that is not there, but no header of AC Library, is a compilation error too.
    sources.write("main.cpp", "#include <nosuch/header.h>\nint main() {}\n");
    let (code, report, _) = sources.check(&["lucky7", "main.cpp"]);
    assert_eq!(code, Some(1), "{report}");
    assert!(
        report.contains("gives a compilation error (CE)"),
        "{report}"
    );
    // A Python syntax error is one too, as the judge compiles Python first.
    sources.write("main.py", "print(\n");
    let (code, report, _) = sources.check(&["lucky7", "main.py"]);
    assert_eq!(code, Some(1), "{report}");
    assert!(
        report.contains("gives a compilation error (CE)"),
        "{report}"
    );
}

/// The build options of a test: its folder's cache, and AC Library at `include`.
fn options(folder: &Path, include: Option<PathBuf>) -> BuildOptions {
    BuildOptions {
        include,
        python: "python3".into(),
        memory_mib: 1024,
        cache: folder.join("cache/atcoder-games"),
    }
}

#[test]
fn a_deep_java_recursion_passes_with_the_judges_stack() {
    if !have("javac") {
        return;
    }
    let sources = Sources::new("build-java");
    sources.write("Main.java", JAVA);
    let (code, report, stderr) =
        sources.check(&["--cases", "4", "--seed", "2", "lucky7", "Main.java"]);
    assert_eq!(code, Some(0), "{report}{stderr}");
    assert!(
        report.contains("6 worst-case families of 200,000 rounds"),
        "{report}"
    );
    // The heap is nine tenths of the memory limit, the stack the judge's.
    assert!(report.contains("-Xmx921M -Xss1024M"), "{report}");
}

#[test]
fn a_helper_of_ones_own_problem_is_built_from_its_source() {
    if !have("g++") {
        return;
    }
    let sources = Sources::new("build-helper");
    // A generator in C++ of a sum of N numbers, a reference and a program in Python.
    sources.write(
        "gen.cpp",
        "#include <cstdio>\n#include <cstdlib>\nint main(int c, char** v) { long n = atol(v[2]) % atol(v[1]) + 1; printf(\"%ld\\n\", n); for (long i = 1; i <= n; i++) printf(\"%ld \", i); puts(\"\"); }\n",
    );
    sources.write("sum.py", "input(); print(sum(map(int, input().split())))\n");
    let arguments = [
        "--cases",
        "10",
        "--seed",
        "3",
        "--generator",
        "gen.cpp",
        "--reference",
        "sum.py",
        "sum.py",
    ];
    let (code, report, stderr) = sources.check(&arguments);
    assert_eq!(code, Some(0), "{report}{stderr}");
    // One line for the helpers; the program's build is what matters.
    assert!(
        report.contains("The helpers' sources were built as AtCoder builds them: the generator as C++23, GCC 15.2.0, the reference as Python, CPython 3.13.7."),
        "{report}"
    );
    // A helper that does not compile is the helper's failure, exit status 3.
    sources.write("gen.cpp", "int main() { return }\n");
    let (code, report, _) = sources.check(&arguments);
    assert_eq!(code, Some(3), "{report}");
    assert!(
        report.starts_with("check: the generator does not compile (gen.cpp)"),
        "{report}"
    );
}

#[test]
fn a_pyenv_shim_is_named_with_its_cost_and_a_python_source_runs_without_it() {
    // A shim as pyenv writes them, a pyenv that takes a fifth of a second to start a program,
    // and the program it stands for: this crate's Lucky 7.
    let sources = Sources::new("build-shim");
    let root = sources.0.display().to_string();
    fs::create_dir_all(sources.0.join("shims")).unwrap();
    common::executable_script(
        &sources.0.join("shims/python3"),
        &format!(
            "#!/usr/bin/env bash\nset -e\nprogram=\"${{0##*/}}\"\nexport PYENV_ROOT=\"{root}\"\nexec \"{root}/pyenv\" exec \"$program\" \"$@\"\n"
        ),
    );
    let real = sources.0.join("real");
    common::executable_script(
        &sources.0.join("pyenv"),
        &format!(
            "#!/bin/sh\nif [ \"$1\" = which ]; then echo {}; exit 0; fi\nshift 2\nsleep 0.2\nexec {} \"$@\"\n",
            real.display(),
            real.display()
        ),
    );
    common::executable_script(
        &sources.0.join("real"),
        &format!(
            "#!/bin/sh\ncase \"$*\" in --version|*py_compile*) exit 0;; esac\nexec {} solve lucky7\n",
            common::TOOL
        ),
    );
    let shim = sources.0.join("shims/python3");
    let (code, report, stderr) = sources.check(&["--cases", "1", "lucky7", shim.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{report}{stderr}");
    let note = stderr
        .lines()
        .find(|line| line.contains("is pyenv's shim"))
        .unwrap_or_else(|| panic!("{stderr}"));
    let cost: f64 = note
        .split("adds ")
        .nth(1)
        .and_then(|rest| rest.split(" s ").next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("{note}"));
    assert!(cost >= 0.1, "{note}");
    assert!(
        note.ends_with(&format!(
            "give the interpreter itself, {} (pyenv which python3)",
            real.display()
        )),
        "{note}"
    );
    // A Python source is run by what the shim stands for.
    sources.write("main.py", "print('Takahashi')\n");
    let options = BuildOptions {
        python: shim.into_os_string(),
        ..options(&sources.0, None)
    };
    let built = build(&sources.0.join("main.py"), Language::Python, &options).unwrap();
    assert_eq!(built.command[0], real.as_os_str());
}
