//! Judging a run as the judge does: a memory limit, a time limit on the CPU time used, a crash,
//! and the answer compared line by line.

use crate::process::{Options, Run, Stop};
use std::time::Duration;

/// The judge's limits for one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time, user and system, of the program and everything it started.
    pub time: Duration,
    /// Peak resident memory, in bytes.
    pub memory: u64,
}

/// A program that sleeps or blocks uses no CPU time: it is stopped once it has waited this many
/// times the time limit on the wall clock.
const WALL_CLOCK_ALLOWANCE: u32 = 3;

impl Limits {
    /// AtCoder's: 2 s, 1,024 MiB.
    pub const ATCODER: Self = Self {
        time: Duration::from_secs(2),
        memory: 1024 << 20,
    };

    /// These limits with `factor` times the time.
    pub fn with_time_times(&self, factor: u32) -> Self {
        Self {
            time: self.time * factor,
            ..*self
        }
    }

    /// How to run a program under these limits: it is stopped once over either, or once it has
    /// waited (slept or blocked) three times the time limit on the wall clock.
    pub fn options(&self) -> Options {
        Options {
            cpu_limit: Some(self.time),
            wall_limit: Some(self.time * WALL_CLOCK_ALLOWANCE),
            memory_limit: Some(self.memory),
            ..Options::default()
        }
    }
}

/// What was wrong with a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It printed something other than the expected answer.
    WrongAnswer { expected: String, actual: String },
    /// It ended with a non-zero exit status or was killed by a signal.
    Crash { status: String, stderr: String },
    /// It used more CPU time than the limit, this much when it was stopped or ended; or, when
    /// `blocked` is set, it was stopped on the wall clock first, having waited (or worked too
    /// slowly) for longer than the limit allows.
    TimeLimit { cpu: Duration, blocked: bool },
    /// Its resident memory went over the limit: this much at its peak.
    MemoryLimit { peak: u64 },
}

impl Failure {
    /// The kind of failure, as the judge would name it; shrinking keeps to one kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::WrongAnswer { .. } => "wrong answer",
            Self::Crash { .. } => "runtime error",
            Self::TimeLimit { .. } => "time limit exceeded",
            Self::MemoryLimit { .. } => "memory limit exceeded",
        }
    }

    /// The judge's short name for the kind: WA, RE, TLE or MLE.
    pub fn verdict(&self) -> &'static str {
        match self {
            Self::WrongAnswer { .. } => "WA",
            Self::Crash { .. } => "RE",
            Self::TimeLimit { .. } => "TLE",
            Self::MemoryLimit { .. } => "MLE",
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

/// Judges `run`, made under `limits`, against the `expected` output; None if it is right. The
/// memory limit is judged first, then the time limit, as a run stopped at one of them may also
/// have crashed or printed too little.
pub fn judge(expected: &str, run: &Run, limits: &Limits) -> Option<Failure> {
    if run.stopped == Some(Stop::Memory) || run.peak_memory > limits.memory {
        return Some(Failure::MemoryLimit {
            peak: run.peak_memory,
        });
    }
    if run.stopped.is_some() || run.cpu > limits.time {
        return Some(Failure::TimeLimit {
            cpu: run.cpu,
            blocked: run.stopped == Some(Stop::WallTime),
        });
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
