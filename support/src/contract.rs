//! The contract of this crate's programs, as the tests check it: how a run that succeeded, a run
//! on malformed input and a run with a mistaken command line must look.

use atcoder_games_tool::process::{self, Options, Run, Stdin};
use std::ffi::OsStr;

/// Runs `command` with `input` on stdin and no limits; panics if it cannot be run.
pub fn run_or_panic(
    command: &[impl AsRef<OsStr>],
    input: impl AsRef<[u8]>,
    options: &Options,
) -> Run {
    process::run(command, Stdin::Bytes(input.as_ref()), options).unwrap_or_else(|error| {
        let program = command
            .first()
            .map(|p| p.as_ref().to_string_lossy().into_owned());
        panic!("{program:?}: {error}")
    })
}

/// The stdout of a run that must have succeeded, with nothing on stderr.
pub fn success(run: &Run) -> String {
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.succeeded(),
        "expected success, got {:?}; stderr: {stderr}",
        run.status
    );
    assert!(stderr.is_empty(), "unexpected stderr: {stderr}");
    String::from_utf8(run.stdout.clone()).expect("the output is UTF-8")
}

/// Asserts the error contract for malformed input: exit status 1, nothing on stdout, a first
/// stderr line starting with `error: `, no panic. Returns that first line.
pub fn clean_error(run: &Run) -> String {
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "exit status; stderr: {stderr}");
    assert!(
        run.stdout.is_empty(),
        "stdout must be empty on error, got {:?}",
        String::from_utf8_lossy(&run.stdout)
    );
    assert!(!stderr.contains("panicked"), "it panicked: {stderr}");
    let first_line = stderr.lines().next().unwrap_or_default();
    assert!(
        first_line.starts_with("error: "),
        "first stderr line: {first_line:?}"
    );
    first_line.to_string()
}

/// Asserts the contract for a mistaken command line, clap's: exit status 2, nothing on stdout,
/// an `error: ` line, the usage, and a pointer to `--help`, in a few lines. Returns the error
/// line.
pub fn assert_usage_error(run: &Run) -> String {
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "exit status; stderr: {stderr}");
    assert!(run.stdout.is_empty(), "stdout must be empty");
    let lines: Vec<&str> = stderr.lines().filter(|line| !line.is_empty()).collect();
    assert!(lines[0].starts_with("error: "), "{stderr}");
    assert!(
        lines.iter().any(|line| line.starts_with("Usage: ")),
        "{stderr}"
    );
    assert_eq!(
        lines.last(),
        Some(&"For more information, try '--help'."),
        "{stderr}"
    );
    assert!(lines.len() <= 5, "a short message, not the help: {stderr}");
    lines[0].to_string()
}
