//! `cargo bench`: how fast both binaries are, and how their cost grows with the input.
//!
//! Each case is timed the way the judge sees a submission: a whole process, stdin redirected from
//! a file, stdout discarded. The inputs come from the generators the tests use, with fixed seeds.
//! Every binary is run once to check its output, then all are timed by turns over [`RUNS`]
//! rounds; the table shows each one's median. Programs run through the tool's process runner;
//! peak memory is the child's `ru_maxrss` from `wait4`.
//!
//! Options (after `cargo bench --bench speed --`):
//! - `--compare BINARY:LABEL=PATH` also times the program at `PATH` on `BINARY`'s inputs, checks
//!   that it prints the same answers, and shows it as `LABEL` (for example the editorial C++).
//!
//! Run without `--bench` (as `cargo test --benches` does) it only smoke-tests the smallest size.

#[path = "../tests/common/mod.rs"]
mod common;

use atcoder_games_tool::generate::{Lucky7Kind, ShiritoriKind, lucky7_input, shiritori_input};
use atcoder_games_tool::process::{self, Options, Stdin};
use common::run::{LUCKY7, SHIRITORI};
use std::env;
use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::time::Duration;

/// Timed runs per case, after one checked warm-up run.
const RUNS: usize = 7;

/// The argument that turns this benchmark into the launcher of one timed run; see [`launch`].
const LAUNCH: &str = "--launch";

const SHIRITORI_SIZES: [usize; 3] = [20_000, 200_000, 2_000_000];
const LUCKY7_SIZES: [usize; 3] = [200_000, 2_000_000, 20_000_000];

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    if let [flag, binary, input] = args.as_slice()
        && flag == LAUNCH
    {
        launch(binary, Path::new(input));
    }
    let full = args.iter().any(|arg| arg == "--bench");
    let compared = compared_programs(&args);
    let scratch = env::temp_dir().join(format!("atcoder-games-bench-{}", std::process::id()));
    fs::create_dir_all(&scratch).expect("a scratch directory");

    print_machine();
    println!();
    println!(
        "{:<24} {:<15} {:>11} {:>9} {:>10} {:>8} {:>8} {:>9}",
        "binary", "kind", "N", "input", "median", "ns/item", "MB/s", "peak mem"
    );
    let mut growth = Vec::new();
    let sizes = |all: [usize; 3]| {
        if full {
            all.to_vec()
        } else {
            vec![all[0] / 10]
        }
    };
    for kind in ShiritoriKind::ALL {
        let cases = sizes(SHIRITORI_SIZES).into_iter().map(|n| {
            let input = shiritori_input(&kind.words(n, 1));
            (n, input)
        });
        let programs = programs("shiritori", SHIRITORI, &compared);
        growth.extend(bench_kind(&scratch, &programs, kind.name(), cases));
    }
    for kind in Lucky7Kind::ALL {
        let cases = sizes(LUCKY7_SIZES).into_iter().map(|n| {
            let (digits, players) = kind.game(n, 1);
            (n, lucky7_input(&digits, &players))
        });
        let programs = programs("lucky7", LUCKY7, &compared);
        growth.extend(bench_kind(&scratch, &programs, kind.name(), cases));
    }
    fs::remove_dir_all(&scratch).expect("the scratch directory can be removed");

    if full {
        println!();
        println!("growth for 10x the input, time(largest N) / time(middle N):");
        for (program, kind, factor) in growth {
            println!("  {program:<24} {kind:<15} {factor:5.1}x");
        }
    }
}

/// A program to time: its label in the table and its executable.
#[derive(Clone)]
struct Program {
    label: String,
    path: String,
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
            path: path.to_string(),
        };
        compared.push((binary.to_string(), program));
    }
    compared
}

/// This crate's `binary` (at `path`) followed by the programs compared with it.
fn programs(binary: &str, path: &str, compared: &[(String, Program)]) -> Vec<Program> {
    let ours = Program {
        label: binary.to_string(),
        path: path.to_string(),
    };
    let theirs = compared.iter().filter(|(name, _)| name == binary);
    std::iter::once(ours)
        .chain(theirs.map(|(_, program)| program.clone()))
        .collect()
}

/// Times every program on each `(N, input)` case of one kind, printing a row per program and
/// case, and returns each program's growth factor from the middle to the largest case.
fn bench_kind(
    scratch: &Path,
    programs: &[Program],
    kind: &str,
    cases: impl Iterator<Item = (usize, String)>,
) -> Vec<(String, String, f64)> {
    let mut medians: Vec<Vec<Option<Duration>>> = vec![Vec::new(); programs.len()];
    for (n, input) in cases {
        let path = scratch.join("input.txt");
        fs::write(&path, &input).expect("the input file can be written");
        let measured = bench_case(programs, &path);
        for ((program, medians), measured) in programs.iter().zip(&mut medians).zip(measured) {
            let row = Row {
                program: &program.label,
                kind,
                n,
                bytes: input.len(),
            };
            row.print(&measured);
            medians.push(measured.ok().map(|(time, _)| time));
        }
    }
    let mut growth = Vec::new();
    for (program, medians) in programs.iter().zip(medians) {
        if let [.., Some(middle), Some(largest)] = medians.as_slice() {
            let factor = largest.as_secs_f64() / middle.as_secs_f64();
            growth.push((program.label.clone(), kind.to_string(), factor));
        }
    }
    growth
}

/// One table row's description of a case.
struct Row<'a> {
    program: &'a str,
    kind: &'a str,
    n: usize,
    bytes: usize,
}

impl Row<'_> {
    fn print(&self, measured: &Result<(Duration, u64), String>) {
        let megabytes = self.bytes as f64 / 1e6;
        let head = format!(
            "{:<24} {:<15} {:>11} {:>6.2} MB",
            self.program,
            self.kind,
            with_commas(self.n),
            megabytes
        );
        match measured {
            Ok((time, peak_kilobytes)) => println!(
                "{head} {:>7.2} ms {:>8.1} {:>8.0} {:>6.1} MB",
                time.as_secs_f64() * 1e3,
                time.as_nanos() as f64 / self.n as f64,
                megabytes / time.as_secs_f64(),
                *peak_kilobytes as f64 / 1024.0,
            ),
            Err(failure) => println!("{head} {failure}"),
        }
    }
}

/// Checks each program once on the input at `path` (against the first one's output), then times
/// them by turns, [`RUNS`] rounds of one run each, so that a slow spell of the machine falls on
/// all of them alike. Returns each program's median wall time and largest peak memory, or why
/// it could not be timed.
fn bench_case(programs: &[Program], path: &Path) -> Vec<Result<(Duration, u64), String>> {
    let mut expected = None;
    let mut runs: Vec<Result<Vec<(Duration, u64)>, String>> = programs
        .iter()
        .map(|program| check_output(program, path, &mut expected).map(|()| Vec::new()))
        .collect();
    for _ in 0..RUNS {
        for (program, runs) in programs.iter().zip(&mut runs) {
            if let Ok(done) = runs {
                match timed_run(&program.path, path) {
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
    let output = process::run(&[&program.path], Stdin::File(path), &Options::default())
        .map_err(|error| error.to_string())?;
    if !output.succeeded() {
        return Err(format!("failed: {}", output.status));
    }
    match expected {
        Some(expected) if *expected != output.stdout => Err("wrong answer".to_string()),
        Some(_) => Ok(()),
        None => {
            *expected = Some(output.stdout);
            Ok(())
        }
    }
}

/// Runs `binary` on the input at `path` through a fresh launcher process (see [`launch`]) and
/// returns its wall time and peak memory in kilobytes.
fn timed_run(binary: &str, path: &Path) -> Result<(Duration, u64), String> {
    let this = env::current_exe().expect("the benchmark knows its own path");
    let command = [
        this.as_os_str(),
        LAUNCH.as_ref(),
        binary.as_ref(),
        path.as_os_str(),
    ];
    let output = process::run(&command, Stdin::Bytes(b""), &Options::default())
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

/// Runs `binary` once with stdin from `input` and stdout discarded, then prints its wall time in
/// nanoseconds, its peak memory in kilobytes and its wait status, and exits.
///
/// Why a separate process: Linux charges a child the peak memory of the process it was started
/// from (at `exec`, the old address space's high-water mark goes into the child's `ru_maxrss`).
/// Started from this benchmark, which holds megabytes of generated input, every child would seem
/// to use that much; started from this freshly executed launcher it is charged about a megabyte.
fn launch(binary: &str, input: &Path) -> ! {
    let options = Options {
        discard_stdout: true,
        ..Options::default()
    };
    let run = process::run(&[binary], Stdin::File(input), &options).expect("the binary runs");
    let kilobytes = run.peak_memory / 1024;
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
    if let Ok((_, floor_kilobytes)) = timed_run("true", Path::new("/dev/null")) {
        let floor = floor_kilobytes as f64 / 1024.0;
        println!("peak memory of `true` started the same way: {floor:.1} MB");
    }
}

/// `1234567` as `1,234,567`.
fn with_commas(n: usize) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}
