//! `cargo bench --bench own`: how long `atcoder-games check` takes on a problem of one's own
//! whose helpers are Python scripts, as most contestants write them, on the examples of
//! `docs/examples/` and the targets in docs/benchmarks.md:
//!
//! - a right program against max-index with its four helpers, `python3` found through PATH (a
//!   pyenv shim where there is one), 300 cases;
//! - a product that overflows 64 bits (product's `wrong.cpp`), found and shrunk to its smallest
//!   values;
//! - a greedy choice in a DP (frog's `greedy.py`, given as the source), found with the
//!   exponential brute force of `brute.py` as the reference, and shrunk.
//!
//! Each is checked with seeds 1 to 3 on every core, in a copy of its folder. The table shows the
//! wall time, the CPU time of the tool's children (the program's runs and the helpers') and the
//! tool's own, and, for a failure, how many shrinking tries it took and the smallest input.
//!
//! Run without `--bench` (as `cargo test --benches` does) it only checks the product, seed 1.

mod measure;

use measure::measure;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A check of an example: its folder, the program and helpers, whether it passes, and the target
/// on its wall time.
struct Example {
    label: &'static str,
    folder: &'static str,
    program: &'static str,
    helpers: &'static [(&'static str, &'static str)],
    passes: bool,
    target: Duration,
}

const EXAMPLES: [Example; 3] = [
    Example {
        label: "max-index, right",
        folder: "max-index",
        program: "python3 right.py",
        helpers: &[
            ("--generator", "python3 gen.py"),
            ("--reference", "python3 ref.py"),
            ("--checker", "python3 chk.py"),
            ("--validator", "python3 val.py"),
        ],
        passes: true,
        target: Duration::from_secs(15),
    },
    Example {
        label: "product, overflow",
        folder: "product",
        program: "wrong.cpp",
        helpers: &[
            ("--generator", "python3 gen.py"),
            ("--reference", "python3 ref.py"),
            ("--validator", "python3 val.py"),
        ],
        passes: false,
        target: Duration::from_secs(20),
    },
    Example {
        label: "frog, greedy",
        folder: "frog",
        // The source, which the tool runs by the interpreter itself, as the judge does: through
        // pyenv's shim, each of the hundred runs started anew would pay its 70 ms (18 s in all).
        program: "greedy.py",
        helpers: &[
            ("--generator", "python3 gen.py"),
            ("--reference", "python3 brute.py"),
            ("--validator", "python3 val.py"),
        ],
        passes: false,
        target: Duration::from_secs(20),
    },
];

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    if !full {
        let (passed, report) = check(&EXAMPLES[1], 1).1;
        assert!(!passed, "the overflow is found");
        assert_eq!(smallest(&report).len(), 2, "{report}");
        println!("own bench: smoke test passed (run `cargo bench --bench own` for the figures)");
        return;
    }
    println!("atcoder-games check on docs/examples/ with Python helpers");
    println!();
    println!(
        "{:<18} {:>4} {:>8} {:>9} {:>8} {:>6} {:>6}  {:<8} smallest input",
        "example", "seed", "wall", "children", "tool", "tries", "target", "verdict"
    );
    for example in &EXAMPLES {
        // Builds a source into the tool's cache, so that no timed check builds it.
        if example.program.ends_with(".cpp") {
            check(example, 0);
        }
        for seed in 1..=3 {
            let (took, (passed, report)) = check(example, seed);
            let tries = report
                .split_once(" tries:")
                .and_then(|(before, _)| before.rsplit(' ').next())
                .unwrap_or("");
            let verdict = match (passed == example.passes, took.wall <= example.target) {
                (true, true) => "met",
                (true, false) => "MISSED",
                (false, _) => "WRONG",
            };
            println!(
                "{:<18} {:>4} {:>6.1} s {:>7.1} s {:>6.1} s {:>6} {:>4} s  {:<8} {}",
                example.label,
                seed,
                took.wall.as_secs_f64(),
                took.children.as_secs_f64(),
                took.tool.as_secs_f64(),
                tries,
                example.target.as_secs(),
                verdict,
                smallest(&report).join(" / "),
            );
        }
    }
}

/// Checks `example` with `seed` in a copy of its folder: what that took, whether it passed, and
/// the report.
fn check(example: &Example, seed: u64) -> (measure::Took, (bool, String)) {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = here.join("../docs/examples").join(example.folder);
    let folder = std::env::temp_dir().join(format!(
        "atcoder-games-bench-own-{}-{}",
        std::process::id(),
        example.folder
    ));
    copy_folder(&source, &folder);
    let mut arguments: Vec<OsString> =
        vec!["check".into(), "--seed".into(), seed.to_string().into()];
    arguments.extend(["--save".into(), folder.join("saved").into()]);
    for (option, helper) in example.helpers {
        arguments.extend([OsString::from(option), OsString::from(helper)]);
    }
    arguments.extend(example.program.split(' ').map(OsString::from));
    let report_path = folder.join("report.txt");
    let took = measure(&arguments, &folder, &report_path);
    let report = fs::read_to_string(&report_path).expect("the report");
    fs::remove_dir_all(&folder).expect("the copy goes");
    let passed = took.passed;
    (took, (passed, report))
}

/// The smallest failing input a report shows, a line an item: the lines after the heading that
/// ends with the count of tries, up to the blank line.
fn smallest(report: &str) -> Vec<&str> {
    let Some((_, after)) = report.split_once(" tries:\n") else {
        return Vec::new();
    };
    after.lines().take_while(|line| !line.is_empty()).collect()
}

/// Copies the files of `from`, and of its folders, into `to`, made anew.
fn copy_folder(from: &Path, to: &PathBuf) {
    let _ = fs::remove_dir_all(to);
    fs::create_dir_all(to).expect("a folder for the copy");
    for entry in fs::read_dir(from).expect("the example's folder") {
        let path = entry.expect("an entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            fs::copy(&path, &target).expect("a copy");
        }
    }
}
