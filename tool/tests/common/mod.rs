//! Running the tool, `atcoder-games`, as a user does, on the crate's samples.
// Each test crate uses a different part of this module.
#![allow(dead_code)]

use atcoder_games_tool::process::{Options, Run};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use test_support::contract;

pub const TOOL: &str = env!("CARGO_BIN_EXE_atcoder-games");

/// Put before a test program's endless loop in a shell script: the loop then ends by itself after
/// ten seconds of CPU time, should a broken runner (a mutant) not stop it or the test be killed.
pub const ENDS_BY_ITSELF: &str = "ulimit -t 10;";

/// The start of the name of a test process's temporary folder.
const TEMPORARY_PREFIX: &str = "agt-";

/// This test process's temporary folder, made empty at its first use: the tool run by a test
/// saves its cases there (its `TMPDIR`), and the tests keep their scratch files there, so no test
/// sees what an earlier run left. The folders of test processes that have ended are removed
/// then too. The name is short: a report shortens a line longer than its width.
pub fn temporary() -> &'static Path {
    static FOLDER: OnceLock<PathBuf> = OnceLock::new();
    FOLDER.get_or_init(|| {
        let system = std::env::temp_dir();
        for entry in fs::read_dir(&system).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let pid = name
                .to_str()
                .and_then(|name| name.strip_prefix(TEMPORARY_PREFIX));
            if pid.is_some_and(|pid| !Path::new("/proc").join(pid).exists()) {
                let _ = fs::remove_dir_all(entry.path());
            }
        }
        let folder = system.join(format!("{TEMPORARY_PREFIX}{}", std::process::id()));
        let _ = fs::remove_dir_all(&folder);
        fs::create_dir(&folder).expect("the system's temporary folder takes a folder");
        folder
    })
}

/// `atcoder-games` as a command, with [`temporary`] for its temporary folder.
pub fn tool_command() -> Command {
    let mut command = Command::new(TOOL);
    command.env("TMPDIR", temporary());
    command
}

/// Runs `atcoder-games` with `args` and `input` on stdin, with [`temporary`] for its temporary
/// folder.
pub fn tool(args: &[&str], input: impl AsRef<[u8]>) -> Run {
    let temporary = format!("TMPDIR={}", temporary().display());
    let command: Vec<&str> = ["env", &temporary, TOOL]
        .into_iter()
        .chain(args.iter().copied())
        .collect();
    contract::run_or_panic(&command, input, &Options::default())
}

/// The root of the workspace, where the samples and the docs are.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tool is a folder of the workspace")
        .to_path_buf()
}

/// Official sample `number` of `problem`'s binary, as input.
pub fn sample(problem: &str, number: usize) -> Vec<u8> {
    let path = root().join(format!("tests/samples/{problem}/sample-{number}.in"));
    fs::read(path).expect("the sample exists")
}

/// The wrong solutions, which `cargo test` builds as this package's example.
pub fn wrong() -> PathBuf {
    let path = Path::new(TOOL).with_file_name("examples").join("wrong");
    assert!(path.exists(), "{} is built by cargo test", path.display());
    path
}

/// The command line of the wrong solution `bug`, with its panics short: without the
/// backtraces that `RUST_BACKTRACE` may ask for.
pub fn wrong_command(bug: &str) -> Vec<String> {
    let wrong = wrong().display().to_string();
    ["env", "RUST_BACKTRACE=0", &wrong, bug]
        .map(String::from)
        .to_vec()
}

/// Runs `atcoder-games check` with `options`, on the wrong solution `bug`.
pub fn check_wrong(options: &[&str], bug: &str) -> Run {
    let command = wrong_command(bug);
    let arguments: Vec<&str> = options
        .iter()
        .copied()
        .chain(command.iter().map(String::as_str))
        .collect();
    check(&arguments)
}

/// Runs `atcoder-games check` with `arguments`.
pub fn check(arguments: &[&str]) -> Run {
    let arguments: Vec<&str> = std::iter::once("check")
        .chain(arguments.iter().copied())
        .collect();
    tool(&arguments, "")
}

/// A finished process's `output` as a run, which the contract's assertions read: its status
/// and its streams, nothing measured.
pub fn run_of(output: std::process::Output) -> Run {
    Run {
        status: output.status,
        stopped: None,
        stdout: output.stdout,
        stderr: output.stderr,
        wall: Default::default(),
        cpu: Default::default(),
        peak_memory: 0,
        max_rss: 0,
        peak_stack: 0,
        stack_overflow: false,
        forked: None,
        dialogue: None,
    }
}

pub fn stdout(run: &Run) -> String {
    String::from_utf8(run.stdout.clone()).expect("UTF-8")
}

/// A scratch file for `--save`, removed first.
pub fn scratch(name: &str) -> PathBuf {
    let path = temporary().join(format!("check-test-{name}"));
    let _ = fs::remove_file(&path);
    path
}

/// Writes `text` to `path` as an executable script.
pub fn executable_script(path: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    fs::write(path, text).unwrap();
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

/// The paragraphs of a report, the blocks between blank lines, each with its wrapped lines
/// joined again by spaces.
pub fn paragraphs(report: &str) -> Vec<String> {
    report
        .split("\n\n")
        .map(|paragraph| paragraph.trim_end().replace('\n', " "))
        .collect()
}

/// Asserts a report's bounds: sections of at most 40 lines, lines of at most about 120
/// characters, 16 KiB in all.
pub fn assert_bounded(report: &str) {
    use atcoder_games_tool::format::LINE_WIDTH;
    use atcoder_games_tool::report::{MOST_BYTES, SECTION_LINES};
    assert!(report.len() <= MOST_BYTES, "{} bytes", report.len());
    for section in report.split("\n\n") {
        assert!(section.lines().count() <= SECTION_LINES, "{section}");
    }
    for line in report.lines() {
        assert!(line.chars().count() <= LINE_WIDTH + 40, "{line}");
    }
}

/// Asserts that process `pid` is gone (or a zombie, which runs no more) within 5 s; else kills
/// it, so that a failing test leaves nothing running, and says so with `when`.
pub fn assert_gone_soon(pid: i32, when: &str) {
    let gone = || {
        let status = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let state = status
            .rsplit(") ")
            .next()
            .and_then(|rest| rest.chars().next());
        matches!(state, None | Some('Z' | 'X'))
    };
    let started = std::time::Instant::now();
    while !gone() {
        if started.elapsed() > std::time::Duration::from_secs(5) {
            // SAFETY: kill has no memory effects.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            panic!("{pid} still runs {when}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// The exponent that `report` gives for the growth of `noun` (`Time` or `Memory`).
pub fn exponent(report: &str, noun: &str) -> f64 {
    let after = format!("{noun} grows like N^");
    let start = report
        .find(&after)
        .unwrap_or_else(|| panic!("no growth: {report}"))
        + after.len();
    let digits = &report[start..start + 3];
    digits
        .parse()
        .unwrap_or_else(|_| panic!("{digits}: {report}"))
}

/// Runs the test `name` of this test binary alone, in a copy of it with `marker` set in its
/// environment: for a test that must have a process of its own.
pub fn run_alone(name: &str, marker: &str) -> std::process::Output {
    let this = std::env::current_exe().unwrap();
    std::process::Command::new(this)
        .args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env(marker, "1")
        .output()
        .unwrap()
}

/// A report without what this machine's speed decides: its line of how long the check took, and
/// with how many jobs, and the paragraph on the program's start-up.
pub fn untimed(report: &str) -> String {
    let paragraphs =
        (report.split("\n\n")).filter(|paragraph| !paragraph.starts_with("Start-up: "));
    let kept = paragraphs.collect::<Vec<_>>().join("\n\n");
    let lines = kept
        .lines()
        .map(|line| match line.starts_with("Found in ") {
            true => "Found in ...",
            false => line,
        });
    lines.collect::<Vec<_>>().join("\n")
}
