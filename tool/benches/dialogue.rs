//! `cargo bench --bench dialogue`: what writing down a dialogue costs. A C++ program asks a C++
//! interactor 100,000 queries, each flushed and answered, connected two ways in interleaved
//! pairs: directly, each one's stdout the other's stdin, and through the tool's relay
//! ([`talk`]), which copies each line across and marks it in the transcript. The target in
//! docs/benchmarks.md: the relay takes at most 1.2 times as long as the direct connection.
//!
//! Run without `--bench` (as `cargo test --benches` does) it only checks that both ways give the
//! same transcript's answer, on 1,000 queries.

use atcoder_games_tool::process::Options;
use atcoder_games_tool::process::dialogue::talk;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The interactor: `judge INPUT OUTPUT`. It sends N, answers each `? x` with 2x + 1, and judges
/// the sum of the answers, `! S`.
const JUDGE: &str = r#"#include <cstdio>
int main(int argc, char **argv) {
    FILE *input = fopen(argv[1], "r");
    long long n;
    if (fscanf(input, "%lld", &n) != 1) return 3;
    printf("%lld\n", n);
    fflush(stdout);
    long long sum = 0, x;
    char what[2];
    while (scanf("%1s %lld", what, &x) == 2) {
        if (what[0] == '?') {
            sum += 2 * x + 1;
            printf("%lld\n", 2 * x + 1);
            fflush(stdout);
        } else {
            FILE *output = fopen(argv[2], "w");
            fprintf(output, "%s\n", x == sum ? "right" : "wrong");
            return x == sum ? 0 : 1;
        }
    }
    return 1;
}
"#;

/// The program: N queries, each flushed before it reads the answer.
const PROGRAM: &str = r#"#include <cstdio>
int main() {
    long long n, sum = 0, answer;
    if (scanf("%lld", &n) != 1) return 1;
    for (long long i = 0; i < n; i++) {
        printf("? %lld\n", i);
        fflush(stdout);
        if (scanf("%lld", &answer) != 1) return 1;
        sum += answer;
    }
    printf("! %lld\n", sum);
    fflush(stdout);
}
"#;

/// Builds `source` as `name` in `folder` with g++ -O2.
fn build(folder: &Path, name: &str, source: &str) -> PathBuf {
    let (source_path, binary) = (folder.join(format!("{name}.cpp")), folder.join(name));
    fs::write(&source_path, source).unwrap();
    let built = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(&source_path)
        .status()
        .expect("g++ runs");
    assert!(built.success(), "{name} builds");
    binary
}

/// The two connected directly, each one's stdout the other's stdin: how long until both ended,
/// and whether the interactor accepted.
fn direct(program: &Path, judge: &Path, files: [&Path; 2]) -> (Duration, bool) {
    let started = Instant::now();
    let mut asking = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let (to_program, from_program) = (asking.stdin.take().unwrap(), asking.stdout.take().unwrap());
    let mut judging = Command::new(judge)
        .args(files)
        .stdin(Stdio::from(from_program))
        .stdout(Stdio::from(to_program))
        .spawn()
        .unwrap();
    let judged = judging.wait().unwrap();
    asking.wait().unwrap();
    (started.elapsed(), judged.success())
}

/// The two through the tool's relay: how long until both ended, whether the interactor
/// accepted, and the transcript's lines.
fn relayed(program: &Path, judge: &Path, files: [&Path; 2]) -> (Duration, bool, usize) {
    let options = Options {
        time_limit: Some(Duration::from_secs(60)),
        wall_limit: Some(Duration::from_secs(60)),
        ..Options::default()
    };
    let interactor = [judge, files[0], files[1]];
    let started = Instant::now();
    let talked = talk(&[program], &options, &interactor, &options).unwrap();
    let took = started.elapsed();
    let other = talked.dialogue.as_ref().unwrap();
    let lines = talked.stdout.iter().filter(|&&byte| byte == b'\n').count();
    (took, other.interactor.status.success(), lines)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    let folder = std::env::temp_dir().join(format!("dialogue-bench-{}", std::process::id()));
    fs::create_dir_all(&folder).unwrap();
    let (program, judge) = (
        build(&folder, "program", PROGRAM),
        build(&folder, "judge", JUDGE),
    );
    let queries: u64 = if full { 100_000 } else { 1_000 };
    let (input, output) = (folder.join("input.txt"), folder.join("output.txt"));
    fs::write(&input, format!("{queries}\n")).unwrap();
    let files = [input.as_path(), output.as_path()];
    if !full {
        let (_, accepted) = direct(&program, &judge, files);
        let (_, relayed_accepted, lines) = relayed(&program, &judge, files);
        assert!(accepted && relayed_accepted, "both ways are right");
        // N, each query and its answer, and the answer.
        assert_eq!(lines as u64, 2 * queries + 2);
        println!(
            "dialogue bench: smoke test passed (run `cargo bench --bench dialogue` for the figures)"
        );
        fs::remove_dir_all(&folder).unwrap();
        return;
    }
    const PAIRS: usize = 9;
    let (mut directly, mut through) = (Vec::new(), Vec::new());
    for _ in 0..PAIRS {
        let (took, accepted) = direct(&program, &judge, files);
        assert!(accepted);
        directly.push(took);
        let (took, accepted, lines) = relayed(&program, &judge, files);
        assert!(accepted && lines as u64 == 2 * queries + 2);
        through.push(took);
    }
    let (direct_median, relayed_median) = (median(directly.clone()), median(through.clone()));
    let ratio = relayed_median.as_secs_f64() / direct_median.as_secs_f64();
    let shown = |times: &[Duration]| {
        let (least, most) = (times.iter().min().unwrap(), times.iter().max().unwrap());
        format!("{:.3}-{:.3} s", least.as_secs_f64(), most.as_secs_f64())
    };
    println!("{queries} queries, each flushed and answered, {PAIRS} interleaved pairs:");
    println!(
        "  directly:          median {:.3} s ({})",
        direct_median.as_secs_f64(),
        shown(&directly)
    );
    println!(
        "  through the relay: median {:.3} s ({})",
        relayed_median.as_secs_f64(),
        shown(&through)
    );
    let verdict = if ratio <= 1.2 { "met" } else { "MISSED" };
    println!("  ratio {ratio:.2} (target at most 1.20): {verdict}");
    fs::remove_dir_all(&folder).unwrap();
}
