//! `cargo bench`: how fast both binaries are, against careful C++ and against the I/O floor.
//!
//! Each case is timed the way the judge sees a submission: a whole process, stdin redirected from
//! a file, stdout discarded. The inputs come from the generators the tests use, with fixed seeds.
//! Every program is run once to check its output, then all are timed by turns over [`RUNS`]
//! rounds, so that a slow spell of the machine falls on all of them alike; the table shows each
//! one's median. Programs run through the tool's process runner; peak memory is the child's
//! `ru_maxrss` from `wait4`.
//!
//! Two baselines are built from `benches/cpp/` with the system's compilers (`g++ -O2`,
//! `gcc -O2`), when they are installed:
//! - **careful C++**: the same algorithms as a careful C++ programmer writes them;
//! - **the I/O floor**: a program that reads the input and writes an answer of the same size,
//!   computing nothing. No solution can beat it: the ratio to it says how much is left.
//!
//! The rows of this crate's binaries show their median as a multiple of both.
//!
//! Options (after `cargo bench --bench speed --`):
//! - `--compare BINARY:LABEL=PATH` also times the program at `PATH` on `BINARY`'s inputs, checks
//!   that it prints the same answers, and shows it as `LABEL`.
//!
//! Run without `--bench` (as `cargo test --benches` does) it only smoke-tests the smallest size.

#[path = "../tests/common/mod.rs"]
mod common;

use atcoder_games_tool::family::Family;
use atcoder_games_tool::format::with_commas;
use atcoder_games_tool::process::{self, Options, Stdin};
use common::binaries::{LUCKY7, SHIRITORI};
use std::env;
use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::time::Duration;

/// Timed runs per case, after one checked warm-up run.
const RUNS: usize = 21;

/// The argument that turns this benchmark into the launcher of one timed run; see [`launch`].
const LAUNCH: &str = "--launch";

const SHIRITORI_SIZES: [usize; 3] = [20_000, 200_000, 2_000_000];

/// Shiritori's kinds of input timed: random, the longest propagation, one vertex with every move
/// into it, dense with draws, mostly repeats, and self-loops.
const SHIRITORI_KINDS: [Family; 6] = [
    Family::RandomWords,
    Family::Chain,
    Family::IntoOneBlock,
    Family::SmallAlphabet,
    Family::Duplicates,
    Family::SelfLoops,
];

/// Lucky 7's kinds of input timed: random, one player's, and zeros, which the pass cannot stop
/// early on.
const LUCKY7_KINDS: [Family; 4] = [
    Family::RandomGame,
    Family::AokiAlone,
    Family::TakahashiAlone,
    Family::AllZeros,
];
const LUCKY7_SIZES: [usize; 3] = [200_000, 2_000_000, 20_000_000];

/// The labels of the baselines, which this crate's rows are measured against.
const CAREFUL: &str = "careful C++";
const FLOOR: &str = "I/O floor";

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    if let [flag, input, command @ ..] = args.as_slice()
        && flag == LAUNCH
    {
        launch(Path::new(input), command);
    }
    let full = args.iter().any(|arg| arg == "--bench");
    let scratch = env::temp_dir().join(format!("atcoder-games-bench-{}", std::process::id()));
    fs::create_dir_all(&scratch).expect("a scratch directory");
    let mut others = baselines(&scratch);
    others.extend(compared_programs(&args));

    print_machine();
    println!();
    println!(
        "{:<16} {:<15} {:>11} {:>9} {:>10} {:>8} {:>9} {:>7} {:>7}",
        "binary", "kind", "N", "input", "median", "ns/item", "peak mem", "× C++", "× floor"
    );
    let sizes = |all: [usize; 3]| {
        if full {
            all.to_vec()
        } else {
            vec![all[0] / 10]
        }
    };
    let mut summary = Vec::new();
    // The kinds of input timed, from the crate's catalogue of families.
    let kinds = [
        (
            SHIRITORI_KINDS.as_slice(),
            "shiritori",
            SHIRITORI,
            SHIRITORI_SIZES,
        ),
        (LUCKY7_KINDS.as_slice(), "lucky7", LUCKY7, LUCKY7_SIZES),
    ];
    for (families, name, binary, all_sizes) in kinds {
        for &kind in families {
            let cases = sizes(all_sizes)
                .into_iter()
                .map(|n| (n, kind.input(n, 1).text()));
            let programs = programs(name, binary, &others);
            summary.extend(bench_kind(&scratch, &programs, kind.name(), cases));
        }
    }
    fs::remove_dir_all(&scratch).expect("the scratch directory can be removed");

    println!();
    println!(
        "this crate's binaries, median time as a multiple of the careful C++'s and the floor's:"
    );
    for line in summary {
        println!("  {line}");
    }
}

/// A program to time: its label in the table, and its command line.
#[derive(Clone)]
struct Program {
    label: String,
    command: Vec<String>,
}

/// The baselines, built into `scratch` from `benches/cpp/`, as (binary, program) pairs; those
/// that cannot be built are left out, with a note.
fn baselines(scratch: &Path) -> Vec<(String, Program)> {
    let sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/cpp");
    let mut built = Vec::new();
    for (binary, label, compiler, source, arguments) in [
        (
            "shiritori",
            CAREFUL,
            "g++",
            "careful_shiritori.cpp",
            &[][..],
        ),
        ("lucky7", CAREFUL, "g++", "careful_lucky7.cpp", &[]),
        ("shiritori", FLOOR, "gcc", "io_floor.c", &["per-word"]),
        ("lucky7", FLOOR, "gcc", "io_floor.c", &[]),
    ] {
        let executable = scratch.join(source.replace('.', "_"));
        match compile(compiler, &sources.join(source), &executable) {
            Ok(()) => {
                let mut command = vec![executable.display().to_string()];
                command.extend(arguments.iter().map(|argument| argument.to_string()));
                let label = label.to_string();
                built.push((binary.to_string(), Program { label, command }));
            }
            Err(why) => println!("note: no {label} for {binary}: {why}"),
        }
    }
    built
}

/// Compiles `source` into `executable` with `compiler -O2`, unless that is done already.
fn compile(compiler: &str, source: &Path, executable: &Path) -> Result<(), String> {
    if executable.exists() {
        return Ok(());
    }
    let command = [compiler, "-O2", "-o", &executable.display().to_string()];
    let source = source.display().to_string();
    let command: Vec<&str> = command.into_iter().chain([source.as_str()]).collect();
    let run = process::run(&command, Stdin::Bytes(b""), &Options::default())
        .map_err(|error| format!("{compiler}: {error}"))?;
    match run.succeeded() {
        true => Ok(()),
        false => Err(String::from_utf8_lossy(&run.stderr).into_owned()),
    }
}

/// The `--compare BINARY:LABEL=PATH` options, as (binary, program) pairs.
fn compared_programs(args: &[String]) -> Vec<(String, Program)> {
    let mut compared = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg != "--compare" {
            continue;
        }
        let spec = args.next().expect("--compare needs BINARY:LABEL=PATH");
        let (binary, program) = spec.split_once(':').expect("--compare BINARY:LABEL=PATH");
        let (label, path) = program
            .split_once('=')
            .expect("--compare BINARY:LABEL=PATH");
        let program = Program {
            label: label.to_string(),
            command: vec![path.to_string()],
        };
        compared.push((binary.to_string(), program));
    }
    compared
}

/// This crate's `binary` (at `path`) followed by the other programs for it.
fn programs(binary: &str, path: &str, others: &[(String, Program)]) -> Vec<Program> {
    let ours = Program {
        label: binary.to_string(),
        command: vec![path.to_string()],
    };
    let theirs = others.iter().filter(|(name, _)| name == binary);
    std::iter::once(ours)
        .chain(theirs.map(|(_, program)| program.clone()))
        .collect()
}

/// Times every program on each `(N, input)` case of one kind, printing a row per program and
/// case, and returns a line per case with this crate's time against the baselines' and how it
/// grew from the case before.
fn bench_kind(
    scratch: &Path,
    programs: &[Program],
    kind: &str,
    cases: impl Iterator<Item = (usize, String)>,
) -> Vec<String> {
    let mut summary = Vec::new();
    let mut before: Option<Duration> = None;
    for (n, input) in cases {
        let path = scratch.join("input.txt");
        fs::write(&path, &input).expect("the input file can be written");
        let measured = bench_case(programs, &path);
        let median_of = |label: &str| {
            let found = programs
                .iter()
                .zip(&measured)
                .find(|(p, _)| p.label == label);
            found.and_then(|(_, measured)| measured.as_ref().ok().map(|&(time, _)| time))
        };
        let (careful, floor) = (median_of(CAREFUL), median_of(FLOOR));
        for (program, measured) in programs.iter().zip(&measured) {
            let row = Row {
                program: &program.label,
                kind,
                n,
                bytes: input.len(),
            };
            let baselines = match program.label.as_str() {
                FLOOR => (None, None),
                CAREFUL => (None, floor),
                _ => (careful, floor),
            };
            row.print(measured, baselines);
        }
        let ours = measured[0].as_ref().ok().map(|&(time, _)| time);
        if let Some(ours) = ours {
            let against = |baseline: Option<Duration>| {
                baseline.map_or("-".to_string(), |b| format!("{:.2}", ratio(ours, b)))
            };
            let growth = before.map_or(String::new(), |before| {
                format!(", {:.1}x the time of 1/10 the input", ratio(ours, before))
            });
            summary.push(format!(
                "{:<10} {kind:<15} {:>11}: {:>8.2} ms, {} × C++, {} × floor{growth}",
                programs[0].label,
                with_commas(n),
                ours.as_secs_f64() * 1e3,
                against(careful),
                against(floor),
            ));
        }
        before = ours;
    }
    summary
}

/// `time` as a multiple of `baseline`.
fn ratio(time: Duration, baseline: Duration) -> f64 {
    time.as_secs_f64() / baseline.as_secs_f64()
}

/// One table row's description of a case.
struct Row<'a> {
    program: &'a str,
    kind: &'a str,
    n: usize,
    bytes: usize,
}

impl Row<'_> {
    /// Prints the row for `measured`, with its ratio to each of `baselines` (careful C++, floor)
    /// that is given.
    fn print(
        &self,
        measured: &Result<(Duration, u64), String>,
        baselines: (Option<Duration>, Option<Duration>),
    ) {
        let megabytes = self.bytes as f64 / 1e6;
        let head = format!(
            "{:<16} {:<15} {:>11} {:>6.2} MB",
            self.program,
            self.kind,
            with_commas(self.n),
            megabytes
        );
        match measured {
            Ok((time, peak_kilobytes)) => {
                let shown = |baseline: Option<Duration>| {
                    baseline.map_or(String::new(), |b| format!("{:.2}", ratio(*time, b)))
                };
                println!(
                    "{head} {:>7.2} ms {:>8.1} {:>6.1} MB {:>7} {:>7}",
                    time.as_secs_f64() * 1e3,
                    time.as_nanos() as f64 / self.n as f64,
                    *peak_kilobytes as f64 / 1024.0,
                    shown(baselines.0),
                    shown(baselines.1),
                )
            }
            Err(failure) => println!("{head} {failure}"),
        }
    }
}

/// Checks each program once on the input at `path` (against the first one's output; the floor
/// prints no answer and is not checked), then times them by turns, [`RUNS`] rounds of one run
/// each. Returns each program's median wall time and largest peak memory, or why it could not
/// be timed.
fn bench_case(programs: &[Program], path: &Path) -> Vec<Result<(Duration, u64), String>> {
    let mut expected = None;
    let mut runs: Vec<Result<Vec<(Duration, u64)>, String>> = programs
        .iter()
        .map(|program| check_output(program, path, &mut expected).map(|()| Vec::new()))
        .collect();
    for _ in 0..RUNS {
        for (program, runs) in programs.iter().zip(&mut runs) {
            if let Ok(done) = runs {
                match timed_run(&program.command, path) {
                    Ok(run) => done.push(run),
                    Err(failure) => *runs = Err(failure),
                }
            }
        }
    }
    runs.into_iter()
        .map(|runs| {
            let mut runs = runs?;
            let peak = runs.iter().map(|&(_, peak)| peak).max().unwrap_or_default();
            runs.sort();
            Ok((runs[RUNS / 2].0, peak))
        })
        .collect()
}

/// Runs `program` once on the input at `path` and checks its output against `expected`, the
/// first program's output, which the first call records.
fn check_output(
    program: &Program,
    path: &Path,
    expected: &mut Option<Vec<u8>>,
) -> Result<(), String> {
    let output = process::run(&program.command, Stdin::File(path), &Options::default())
        .map_err(|error| error.to_string())?;
    if !output.succeeded() {
        return Err(format!("failed: {}", output.status));
    }
    match expected {
        _ if program.label == FLOOR => Ok(()),
        Some(expected) if *expected != output.stdout => Err("wrong answer".to_string()),
        Some(_) => Ok(()),
        None => {
            *expected = Some(output.stdout);
            Ok(())
        }
    }
}

/// Runs `command` on the input at `path` through a fresh launcher process (see [`launch`]) and
/// returns its wall time and peak memory in kilobytes.
fn timed_run(command: &[String], path: &Path) -> Result<(Duration, u64), String> {
    let this = env::current_exe().expect("the benchmark knows its own path");
    let mut launcher = vec![this.display().to_string(), LAUNCH.to_string()];
    launcher.push(path.display().to_string());
    launcher.extend(command.iter().cloned());
    let output = process::run(&launcher, Stdin::Bytes(b""), &Options::default())
        .map_err(|error| format!("cannot launch: {error}"))?;
    let report = String::from_utf8_lossy(&output.stdout);
    let fields: Vec<u64> = report
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    match fields.as_slice() {
        [nanoseconds, peak_kilobytes, 0] => {
            Ok((Duration::from_nanos(*nanoseconds), *peak_kilobytes))
        }
        [_, _, status] => Err(format!("failed: wait status {status}")),
        _ => Err(format!("launcher failed: {report}")),
    }
}

/// Runs `command` once with stdin from `input` and stdout discarded, then prints its wall time in
/// nanoseconds, its peak memory in kilobytes and its wait status, and exits.
///
/// Why a separate process: Linux charges a child the peak memory of the process it was started
/// from (at `exec`, the old address space's high-water mark goes into the child's `ru_maxrss`).
/// Started from this benchmark, which holds megabytes of generated input, every child would seem
/// to use that much; started from this freshly executed launcher it is charged about a megabyte.
fn launch(input: &Path, command: &[String]) -> ! {
    let options = Options {
        discard_stdout: true,
        ..Options::default()
    };
    let run = process::run(command, Stdin::File(input), &options).expect("the program runs");
    // This launcher holds little, so what wait4 reports is the program's own peak, or the
    // launcher's floor printed first.
    let kilobytes = run.max_rss / 1024;
    println!(
        "{} {kilobytes} {}",
        run.wall.as_nanos(),
        run.status.into_raw()
    );
    std::process::exit(0);
}

/// The machine the numbers come from.
fn print_machine() {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|line| line.strip_prefix("model name"))
        .and_then(|rest| rest.split(':').nth(1))
        .map_or("unknown CPU", str::trim);
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    println!("machine: {model}, {cores} cores; median of {RUNS} runs after a checked warm-up");
    // What the launcher itself is charged for a program that does nothing: a floor under every
    // peak-memory figure below.
    if let Ok((_, floor_kilobytes)) = timed_run(&["true".to_string()], Path::new("/dev/null")) {
        let floor = floor_kilobytes as f64 / 1024.0;
        println!("peak memory of `true` started the same way: {floor:.1} MB");
    }
}
