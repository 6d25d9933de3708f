//! `cargo bench --bench check`: how long `atcoder-games check` takes, and how much of that is the
//! tool's own, on the programs of the targets in docs/benchmarks.md: a right CPython solution of
//! each problem, run by the interpreter itself (the tool runs a `.py` source so), the careful C++
//! Shiritori of `benches/cpp/`, and an exponential recursion in C++, which is to be reported TLE.
//!
//! The same CPython solutions are checked again with `python3 -S`, which skips the site module:
//! on a machine whose site-packages import packages at every start (a `.pth` file can), that is
//! the interpreter's own start-up.
//!
//! Each program is checked with seeds 1 to 3 on every core (`--jobs` left to the tool), and with
//! seed 1 one run at a time (`--jobs 1`), which is how the tool ran before it used every core.
//! For each check the table shows its wall time, the programs' CPU time (the children's time of
//! the tool, read from `/proc` once it has ended and before it is reaped), the tool's own CPU
//! time, and the tool's overhead: its wall time less the programs' CPU time divided by the jobs,
//! as a share of its wall time. A C++ source is built once before (the tool's cache keeps it).
//!
//! Run without `--bench` (as `cargo test --benches` does) it only checks that the C++ Shiritori
//! passes 10 cases.

mod measure;

use atcoder_games_tool::format::with_commas;
use measure::{Took, measure};
use std::env;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

/// A program checked, the problem, what `check` must conclude, and the target on its wall time.
struct Checked {
    label: &'static str,
    problem: &'static str,
    /// The program: a source, or a command line.
    words: Vec<OsString>,
    passes: bool,
    target: Duration,
}

fn main() {
    let full = env::args().any(|arg| arg == "--bench");
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let programs = here.join("benches/programs");
    let checked = [
        Checked {
            label: "CPython Lucky 7",
            problem: "lucky7",
            words: vec![programs.join("lucky7.py").into()],
            passes: true,
            target: Duration::from_secs(12),
        },
        Checked {
            label: "CPython Shiritori",
            problem: "shiritori",
            words: vec![programs.join("shiritori.py").into()],
            passes: true,
            target: Duration::from_secs(12),
        },
        Checked {
            label: "CPython -S Lucky 7",
            problem: "lucky7",
            words: without_site(&programs.join("lucky7.py")),
            passes: true,
            target: Duration::from_secs(12),
        },
        Checked {
            label: "CPython -S Shiritori",
            problem: "shiritori",
            words: without_site(&programs.join("shiritori.py")),
            passes: true,
            target: Duration::from_secs(12),
        },
        Checked {
            label: "C++ Shiritori",
            problem: "shiritori",
            words: vec![here.join("../benches/cpp/careful_shiritori.cpp").into()],
            passes: true,
            target: Duration::from_secs(3),
        },
        Checked {
            label: "exponential C++",
            problem: "lucky7",
            words: vec![programs.join("exponential.cpp").into()],
            passes: false,
            target: Duration::from_secs(45),
        },
    ];
    if !full {
        let cpp = &checked[4];
        let took = check(cpp, &["--cases", "10", "--seed", "1"]);
        assert!(took.passed, "the careful C++ Shiritori passes");
        println!(
            "check bench: smoke test passed (run `cargo bench --bench check` for the figures)"
        );
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
    println!(
        "atcoder-games check, {cores} cores; wall time, the programs' CPU time, the tool's own"
    );
    println!();
    println!(
        "{:<20} {:>5} {:>4} {:>9} {:>10} {:>9} {:>9} {:>8}  verdict",
        "program", "jobs", "seed", "wall", "programs", "tool", "overhead", "target"
    );
    for program in &checked {
        // Builds a source into the tool's cache, so that no timed check builds it.
        check(program, &["--cases", "1", "--seed", "1"]);
        let mut runs: Vec<(usize, u64)> = (1..=3).map(|seed| (cores, seed)).collect();
        runs.push((1, 1));
        for (jobs, seed) in runs {
            let options =
                ["--jobs", &jobs.to_string(), "--seed", &seed.to_string()].map(String::from);
            let options: Vec<&str> = options.iter().map(String::as_str).collect();
            let took = check(program, &options);
            let overhead =
                1.0 - took.children.as_secs_f64() / jobs as f64 / took.wall.as_secs_f64();
            let met = match jobs == cores && took.wall <= program.target {
                true => "met",
                false if jobs == cores => "MISSED",
                false => "",
            };
            println!(
                "{:<20} {:>5} {:>4} {:>7.1} s {:>8.1} s {:>7.1} s {:>7.0} % {:>5} s {:<6} {}",
                program.label,
                jobs,
                seed,
                took.wall.as_secs_f64(),
                took.children.as_secs_f64(),
                took.tool.as_secs_f64(),
                overhead * 100.0,
                with_commas(program.target.as_secs() as usize),
                met,
                match (took.passed, program.passes) {
                    (true, true) => "passed",
                    (false, false) => "failed, as it must",
                    _ => "WRONG VERDICT",
                },
            );
        }
    }
}

/// The interpreter itself (behind pyenv's shim, if `python3` is one) running `script` without its
/// site module: CPython's own start-up, without what site-packages' `.pth` files import.
fn without_site(script: &Path) -> Vec<OsString> {
    let python = atcoder_games_tool::resolve::Shim::named("python3".as_ref())
        .map_or_else(|| "python3".into(), |shim| shim.program.into_os_string());
    vec![python, "-S".into(), script.into()]
}

/// Runs `atcoder-games check` with `options` on `program`, and measures it.
fn check(program: &Checked, options: &[&str]) -> Took {
    let mut arguments: Vec<OsString> = vec!["check".into()];
    arguments.extend(options.iter().map(OsString::from));
    arguments.push(program.problem.into());
    arguments.extend(program.words.iter().cloned());
    let folder = env::temp_dir();
    let report = folder.join(format!("atcoder-games-bench-check-{}", std::process::id()));
    let took = measure(&arguments, &folder, &report);
    let _ = std::fs::remove_file(report);
    took
}
