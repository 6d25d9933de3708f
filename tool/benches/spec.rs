//! `cargo bench --bench spec`: what a spec costs. It makes and checks the largest inputs, every
//! size at its largest (a worst case's seed), in the tool's process, 9 times each, medians: 200,000
//! numbers, a tree of 200,000 vertices, a simple connected graph of 200,000 edges. The targets of
//! issue 56, in docs/spec.md: each made in at most 50 ms and checked in at most 50 ms.
//!
//! Then it times a whole `check` of a right C++ program, 300 cases, two ways in interleaved pairs:
//! with `--spec`, and with a compiled C++ generator of the same inputs. The target: the spec's
//! check is no slower.
//!
//! Run without `--bench` (as `cargo test --benches` does) it only checks that each input made
//! keeps its spec, at a small size.

use atcoder_games_tool::spec::Spec;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const ARRAY: &str = "N K
A_1 A_2 \\ldots A_N

- 1 \\leq N \\leq 2 \\times 10^5
- 1 \\leq K \\leq 10^9
- 1 \\leq A_i \\leq 10^9
";

const TREE: &str = "N
u_1 v_1
\\vdots
u_{N-1} v_{N-1}

- 2 \\leq N \\leq 2 \\times 10^5
- 1 \\leq u_i, v_i \\leq N
- The given graph is a tree.
";

const GRAPH: &str = "N M
u_1 v_1
\\vdots
u_M v_M

- 2 \\leq N \\leq 2 \\times 10^5
- N - 1 \\leq M \\leq \\min(2 \\times 10^5, N(N-1)/2)
- 1 \\leq u_i < v_i \\leq N
- (u_i, v_i) \\neq (u_j, v_j) (i \\neq j)
- The given graph is simple and connected.
";

/// The generator of ARRAY's inputs, `gen SIZE SEED`, as a contestant writes one.
const GENERATOR: &str = r#"#include <cstdio>
#include <cstdlib>
#include <random>
int main(int argc, char **argv) {
    long long size = atoll(argv[1]);
    std::mt19937_64 rng(strtoull(argv[2], nullptr, 10));
    long long n = 1 + rng() % size;
    printf("%lld %llu\n", n, 1 + rng() % 1000000000ULL);
    for (long long i = 0; i < n; i++) printf("%llu%c", 1 + rng() % 1000000000ULL, i + 1 < n ? ' ' : '\n');
}
"#;

/// The reference and the program: the sum of the A_i of at least K.
const SOLUTION: &str = r#"#include <cstdio>
int main() {
    long long n, k, a, sum = 0;
    if (scanf("%lld %lld", &n, &k) != 2) return 1;
    for (long long i = 0; i < n; i++) {
        if (scanf("%lld", &a) != 1) return 1;
        if (a >= k) sum += a;
    }
    printf("%lld\n", sum);
}
"#;

/// The median of `times`.
fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Builds `source` as `name` in `folder` with g++ -O2.
fn build(folder: &Path, name: &str, source: &str) -> PathBuf {
    let file = folder.join(format!("{name}.cpp"));
    fs::write(&file, source).unwrap();
    let binary = folder.join(name);
    let built = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(&file)
        .status()
        .unwrap();
    assert!(built.success(), "g++ builds {name}");
    binary
}

/// How long a `check` in `folder` with `arguments` takes; it must pass.
fn check(folder: &Path, arguments: &[&str]) -> Duration {
    let tool = env!("CARGO_BIN_EXE_atcoder-games");
    let start = Instant::now();
    let output = Command::new(tool)
        .arg("check")
        .args(arguments)
        .current_dir(folder)
        .output()
        .unwrap();
    let took = start.elapsed();
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    took
}

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    let specs = [
        ("200,000 numbers", ARRAY),
        ("a tree of 200,000 vertices", TREE),
        ("a simple connected graph of 200,000 edges", GRAPH),
    ];
    if !full {
        for (_, text) in specs {
            let spec = Spec::read(text).unwrap();
            for seed in Spec::worst_seeds(1) {
                spec.validate(&spec.generate(1000, seed).unwrap()).unwrap();
            }
        }
        println!("spec bench: smoke test passed (run `cargo bench --bench spec` for the figures)");
        return;
    }
    const RUNS: usize = 9;
    println!("the largest inputs, every size at its largest, {RUNS} runs each, medians:");
    for (name, text) in specs {
        let spec = Spec::read(text).unwrap();
        let seeds = Spec::worst_seeds(7);
        let (mut made, mut checked) = (Vec::new(), Vec::new());
        for run in 0..RUNS {
            let seed = seeds[run % seeds.len()];
            let start = Instant::now();
            let input = spec.generate(200_000, seed).unwrap();
            made.push(start.elapsed());
            let start = Instant::now();
            spec.validate(&input).unwrap();
            checked.push(start.elapsed());
        }
        let (made, checked) = (median(&mut made), median(&mut checked));
        let verdict = |took: Duration| {
            if took <= Duration::from_millis(50) {
                "met"
            } else {
                "missed"
            }
        };
        println!(
            "  {name}: made in {:.1} ms ({}), checked in {:.1} ms ({})",
            made.as_secs_f64() * 1e3,
            verdict(made),
            checked.as_secs_f64() * 1e3,
            verdict(checked),
        );
    }
    let folder = std::env::temp_dir().join(format!("spec-bench-{}", std::process::id()));
    fs::create_dir_all(&folder).unwrap();
    fs::write(folder.join("spec.txt"), ARRAY).unwrap();
    build(&folder, "gen", GENERATOR);
    build(&folder, "solution", SOLUTION);
    const PAIRS: usize = 3;
    let common = ["--seed", "1", "--reference", "./solution", "./solution"];
    let (mut by_spec, mut by_generator) = (Vec::new(), Vec::new());
    for _ in 0..PAIRS {
        by_spec.push(check(
            &folder,
            &[&["--spec", "spec.txt"][..], &common].concat(),
        ));
        by_generator.push(check(
            &folder,
            &[&["--generator", "./gen"][..], &common].concat(),
        ));
    }
    let (spec, generator) = (median(&mut by_spec), median(&mut by_generator));
    let ratio = spec.as_secs_f64() / generator.as_secs_f64();
    println!("check of a right C++ program, 300 cases, {PAIRS} interleaved pairs, medians:");
    println!("  with --spec:                 {:.2} s", spec.as_secs_f64());
    println!(
        "  with a compiled generator:   {:.2} s",
        generator.as_secs_f64()
    );
    println!(
        "  ratio {ratio:.2} (target at most 1.00): {}",
        if ratio <= 1.0 { "met" } else { "missed" }
    );
    fs::remove_dir_all(&folder).unwrap();
}
