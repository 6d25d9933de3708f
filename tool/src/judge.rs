//! Judging a run as the judge does: the answer compared line by line, a crash, a time-out.

use crate::process::Run;

/// What was wrong with a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It printed something other than the expected answer.
    WrongAnswer { expected: String, actual: String },
    /// It ended with a non-zero exit status or was killed by a signal.
    Crash { status: String, stderr: String },
    /// It ran over the time limit.
    Timeout,
}

impl Failure {
    /// The kind of failure, as the judge would name it; shrinking keeps to one kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::WrongAnswer { .. } => "wrong answer",
            Self::Crash { .. } => "runtime error",
            Self::Timeout => "time limit exceeded",
        }
    }
}

/// The lines of an answer as the judge compares them: without trailing whitespace, and without
/// the blank lines at the end.
pub fn answer_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Judges `run` against the `expected` output; None if it is right.
pub fn judge(expected: &str, run: Run) -> Option<Failure> {
    if run.stopped.is_some() {
        return Some(Failure::Timeout);
    }
    if !run.status.success() {
        return Some(Failure::Crash {
            status: run.status.to_string(),
            stderr: String::from_utf8_lossy(&run.stderr).into_owned(),
        });
    }
    let actual = String::from_utf8_lossy(&run.stdout);
    (answer_lines(&actual) != answer_lines(expected)).then(|| Failure::WrongAnswer {
        expected: expected.to_string(),
        actual: actual.into_owned(),
    })
}
