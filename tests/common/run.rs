//! Running the release binaries the way a user does: input on stdin, answer on stdout.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::thread;

pub const SHIRITORI: &str = env!("CARGO_BIN_EXE_shiritori");
pub const LUCKY7: &str = env!("CARGO_BIN_EXE_lucky7");

/// The path of the binary whose samples live in `tests/samples/<name>/`.
pub fn binary(name: &str) -> Option<&'static str> {
    match name {
        "shiritori" => Some(SHIRITORI),
        "lucky7" => Some(LUCKY7),
        _ => None,
    }
}

/// Runs `binary` with `args`, feeding it `input` on stdin from another thread, so that neither
/// side blocks on a full pipe, and returns everything it printed.
pub fn run(binary: &str, args: &[&str], input: impl Into<Vec<u8>>) -> Output {
    let mut command = Command::new(binary);
    command.args(args);
    run_command(command, input)
}

/// Virtual memory allowed by [`run_with_memory_limit`]: 1 GiB, in KiB as `ulimit -v` counts.
pub const MEMORY_LIMIT_KIB: u64 = 1 << 20;

/// Runs `binary` as [`run`] does, but under a limit of [`MEMORY_LIMIT_KIB`] of virtual memory
/// (`ulimit -v`), so that a huge allocation trusted from the input fails at once, where without
/// the limit the system might grant it and only fail when the memory is touched, if ever.
pub fn run_with_memory_limit(binary: &str, input: impl Into<Vec<u8>>) -> Output {
    let mut command = Command::new("sh");
    command.args([
        "-c",
        &format!("ulimit -v {MEMORY_LIMIT_KIB} && exec \"$0\""),
        binary,
    ]);
    run_command(command, input)
}

/// Runs `command` with `input` on stdin, collecting what it prints (see [`run`]).
fn run_command(mut command: Command, input: impl Into<Vec<u8>>) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("cannot start {command:?}: {error}"));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.into();
    // A binary that rejects its input may exit before reading all of it: a broken pipe is fine.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child
        .wait_with_output()
        .expect("the binary runs to its end");
    writer.join().expect("the input writer does not panic");
    output
}

/// The stdout of a run that must have succeeded, with nothing on stderr.
pub fn success(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "expected success, got {:?}; stderr: {stderr}",
        output.status
    );
    assert!(stderr.is_empty(), "unexpected stderr: {stderr}");
    String::from_utf8(output.stdout.clone()).expect("the output is UTF-8")
}

/// Asserts the error contract: exit status 1, nothing on stdout, a first stderr line starting
/// with `error: `, no panic. Returns that first line.
pub fn clean_error(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(1),
        "exit status; stderr: {stderr}"
    );
    assert!(
        output.stdout.is_empty(),
        "stdout must be empty on error, got {:?}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(
        !stderr.contains("panicked"),
        "the binary panicked: {stderr}"
    );
    let first_line = stderr.lines().next().unwrap_or_default();
    assert!(
        first_line.starts_with("error: "),
        "first stderr line: {first_line:?}"
    );
    first_line.to_string()
}

/// Runs `binary` on `input`, asserts the error contract, and checks that the message mentions
/// each of `fragments`.
pub fn assert_error(binary: &str, input: impl Into<Vec<u8>>, fragments: &[&str]) {
    let input = input.into();
    let message = clean_error(&run(binary, &[], input.clone()));
    for fragment in fragments {
        assert!(
            message.contains(fragment),
            "for input {:?}: message {message:?} should mention {fragment:?}",
            String::from_utf8_lossy(&input[..input.len().min(200)])
        );
    }
}
