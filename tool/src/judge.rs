//! Judging a run as AtCoder does: a memory limit, a time limit on the elapsed time, a stack as
//! large as the judge's, an output limit, a crash, and the answer compared line by line.

use crate::process::{self, Options, Run, Stop};
use std::time::Duration;

/// The judge's limits for one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The time limit, on the time the judge counts: see [`judged_time`].
    pub time: Duration,
    /// Peak resident memory, in bytes.
    pub memory: u64,
    /// The stack limit (`ulimit -s`), in bytes.
    pub stack: u64,
}

/// The judge stops a run at this many times the time limit of elapsed time, and reports TLE.
pub const CUT_OFF: f64 = 1.1;

/// A program that waits (sleeps or blocks) is stopped after this many times the time limit on
/// the wall clock: more than the judge's cut-off, so that a program starved of the processor on a
/// very busy machine, which looks the same for a while, is not stopped for waiting.
pub const WAITING_ALLOWANCE: u32 = 3;

/// A stack that has reached this share of its limit (in tenths) was what a crash ran out of.
const STACK_NEARLY_FULL: u64 = 9;

/// Output kept beyond twice the longest right answer before a run is judged OLE, in bytes.
const OUTPUT_MARGIN: u64 = 1 << 20;

impl Limits {
    /// AtCoder's: 2 s, 1,024 MiB of memory, a 1,024 MiB stack.
    pub const ATCODER: Self = Self {
        time: Duration::from_secs(2),
        memory: 1024 << 20,
        stack: 1024 << 20,
    };

    /// These limits with `factor` times the time and the memory, to measure a run beyond them.
    pub fn times(&self, factor: u32) -> Self {
        Self {
            time: self.time * factor,
            memory: self.memory.saturating_mul(u64::from(factor)),
            ..*self
        }
    }

    /// When the judge stops a run: [`CUT_OFF`] times the time limit.
    pub fn cut_off(&self) -> Duration {
        self.time.mul_f64(CUT_OFF)
    }

    /// How to run a program whose right answer is at most `longest_answer` bytes under these
    /// limits: with the judge's stack, stopped at the judge's cut-off of time (or, if it waits,
    /// at [`WAITING_ALLOWANCE`] times the limit of wall-clock time), once over the memory limit,
    /// or once it has printed more than [`Limits::output_limit`]; its faults traced, to tell a
    /// stack overflow; in the judge's environment.
    pub fn options(&self, longest_answer: usize) -> Options {
        Options {
            time_limit: Some(self.cut_off()),
            wall_limit: Some(self.time * WAITING_ALLOWANCE),
            memory_limit: Some(self.memory),
            stack: Some(self.stack),
            output_limit: Some(Self::output_limit(longest_answer)),
            trace_faults: true,
            judge_environment: true,
            ..Options::default()
        }
    }

    /// The most output a run whose right answer is at most `longest_answer` bytes may print:
    /// twice that, and 1 MiB more.
    pub fn output_limit(longest_answer: usize) -> u64 {
        2 * longest_answer as u64 + OUTPUT_MARGIN
    }
}

/// The time the judge counts for `run`: its elapsed time, as AtCoder measures it, but no more
/// than its CPU time, which a busy machine does not stretch; for a program that waits (sleeps or
/// blocks), the elapsed time. So a program whose helper threads (a JVM's compiler and collector)
/// add CPU time is judged by its wall clock, and one that shares a busy machine by its CPU time.
pub fn judged_time(run: &Run) -> Duration {
    match process::waits(run.cpu, run.wall) {
        true => run.wall,
        false => run.cpu.min(run.wall),
    }
}

/// How a recursion went too deep to go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TooDeep {
    /// Its stack reached the stack limit.
    Stack,
    /// Python's recursion limit stopped it: 1,000 frames, unless `sys.setrecursionlimit` says
    /// more.
    RecursionLimit,
}

/// What Python prints on stderr when its recursion limit stops a program.
const PYTHON_RECURSION_LIMIT: &str = "RecursionError: maximum recursion depth exceeded";

/// What was wrong with a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It printed something other than the expected answer; `message` is what a checker said of
    /// it, if one judged it.
    WrongAnswer {
        expected: String,
        actual: String,
        message: Option<String>,
    },
    /// It ended with a non-zero exit status or was killed by a signal; `too_deep` when a
    /// recursion went too deep for its stack or its language, the likely cause.
    /// stack had (nearly) reached its limit, the likely cause.
    Crash {
        status: String,
        stderr: String,
        too_deep: Option<TooDeep>,
    },
    /// Its judged time went over the limit: `time`, or, when `stopped`, at least that much, when
    /// it was stopped at the judge's cut-off; `blocked` when it was stopped on the wall clock,
    /// having waited (slept or blocked) rather than worked.
    TimeLimit {
        time: Duration,
        stopped: bool,
        blocked: bool,
    },
    /// Its resident memory went over the limit: this much at its peak.
    MemoryLimit { peak: u64 },
    /// It printed more than the output limit, and was stopped there.
    OutputLimit { limit: u64 },
    /// It talked with an interactor until both waited to read and neither wrote; `late` is what
    /// it printed once its input was closed, a query it held unflushed first. The judge waits
    /// for the time limit then.
    Stuck { late: String },
}

/// A verdict of the judge other than AC: what shrinking keeps to, and what the report names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    WrongAnswer,
    RuntimeError,
    TimeLimitExceeded,
    MemoryLimitExceeded,
    OutputLimitExceeded,
}

impl Verdict {
    /// The verdict in words, as the judge would name it.
    pub fn name(self) -> &'static str {
        match self {
            Self::WrongAnswer => "wrong answer",
            Self::RuntimeError => "runtime error",
            Self::TimeLimitExceeded => "time limit exceeded",
            Self::MemoryLimitExceeded => "memory limit exceeded",
            Self::OutputLimitExceeded => "output limit exceeded",
        }
    }

    /// The judge's short name: WA, RE, TLE, MLE or OLE.
    pub fn abbreviation(self) -> &'static str {
        match self {
            Self::WrongAnswer => "WA",
            Self::RuntimeError => "RE",
            Self::TimeLimitExceeded => "TLE",
            Self::MemoryLimitExceeded => "MLE",
            Self::OutputLimitExceeded => "OLE",
        }
    }
}

impl Failure {
    /// The judge's verdict on this failure; shrinking keeps to one verdict.
    pub fn verdict(&self) -> Verdict {
        match self {
            Self::WrongAnswer { .. } => Verdict::WrongAnswer,
            Self::Crash { .. } => Verdict::RuntimeError,
            Self::TimeLimit { .. } | Self::Stuck { .. } => Verdict::TimeLimitExceeded,
            Self::MemoryLimit { .. } => Verdict::MemoryLimitExceeded,
            Self::OutputLimit { .. } => Verdict::OutputLimitExceeded,
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

/// How an answer is compared with the expected one, where no checker judges it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Comparison {
    /// Line by line, as AtCoder compares: trailing whitespace and blank lines at the end ignored
    /// ([`answer_lines`]).
    Lines,
    /// Byte for byte.
    Exact,
    /// Token by token, whatever whitespace is between them.
    Tokens,
    /// Token by token, and where both are numbers, within an absolute or a relative error
    /// (either suffices), as oj's `-e` and cargo-compete's `Float` compare.
    Float { absolute: f64, relative: f64 },
}

impl Comparison {
    /// Whether `actual` is the `expected` answer under this comparison.
    pub fn accepts(self, expected: &str, actual: &str) -> bool {
        match self {
            // The same bytes need no splitting into lines: most answers are.
            Self::Lines => expected == actual || answer_lines(expected) == answer_lines(actual),
            Self::Exact => expected == actual,
            Self::Tokens => expected
                .split_ascii_whitespace()
                .eq(actual.split_ascii_whitespace()),
            Self::Float { absolute, relative } => {
                let (mut wanted, mut got) = (
                    expected.split_ascii_whitespace(),
                    actual.split_ascii_whitespace(),
                );
                loop {
                    match (wanted.next(), got.next()) {
                        (None, None) => return true,
                        (Some(want), Some(given)) => {
                            let close = match (want.parse::<f64>(), given.parse::<f64>()) {
                                (Ok(want), Ok(given)) if want.is_finite() && given.is_finite() => {
                                    let error = (want - given).abs();
                                    error <= absolute || error <= relative * want.abs()
                                }
                                _ => want == given,
                            };
                            if !close {
                                return false;
                            }
                        }
                        _ => return false,
                    }
                }
            }
        }
    }
}

/// The lines on which `actual` differs from `expected` as the judge compares them
/// ([`answer_lines`]): each line's number (from 0), the expected line and the actual one, or
/// `nothing` where one answer has no such line.
pub fn differing_lines(expected: &str, actual: &str) -> Vec<(usize, String, String)> {
    let (expected, actual) = (answer_lines(expected), answer_lines(actual));
    let shown = |line: Option<&&str>| line.map_or("nothing".to_string(), |line| line.to_string());
    (0..expected.len().max(actual.len()))
        .filter(|&k| expected.get(k) != actual.get(k))
        .map(|k| (k, shown(expected.get(k)), shown(actual.get(k))))
        .collect()
}

/// How a wrong answer comes close to the right one, which the report names: a mistake of
/// printing rather than of solving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NearMiss {
    /// The same, but for upper and lower case.
    LetterCase,
    /// The same words, but with whitespace that the judge does not forgive between or before
    /// them (it forgives trailing spaces and blank lines at the end only).
    Whitespace,
    /// The same tokens, but for numbers that differ only past their ninth significant digit: a
    /// floating-point error, which a problem that accepts an error forgives.
    Precision,
}

/// The significant digits two numbers that a [`NearMiss::Precision`] tells apart share.
const SIGNIFICANT_DIGITS: usize = 9;

/// Whether `wanted` and `got` are the same token, or numbers that agree to their ninth
/// significant digit.
fn agree_to_precision(wanted: &str, got: &str) -> bool {
    if wanted == got {
        return true;
    }
    let digits = |token: &str| {
        let value = token
            .parse::<f64>()
            .ok()
            .filter(|value| value.is_finite())?;
        Some(format!("{value:.*e}", SIGNIFICANT_DIGITS - 1))
    };
    matches!((digits(wanted), digits(got)), (Some(wanted), Some(got)) if wanted == got)
}

/// Whether `actual`, which the judge does not accept ([`answer_lines`]), misses `expected` only
/// by letter case, by whitespace, or by numbers past their ninth significant digit.
pub fn near_miss(expected: &str, actual: &str) -> Option<NearMiss> {
    let (expected_lines, actual_lines) = (answer_lines(expected), answer_lines(actual));
    let same_but_case = expected_lines.len() == actual_lines.len()
        && (expected_lines.iter())
            .zip(&actual_lines)
            .all(|(wanted, got)| wanted.eq_ignore_ascii_case(got));
    if same_but_case {
        return Some(NearMiss::LetterCase);
    }
    let same_words = expected
        .split_ascii_whitespace()
        .eq(actual.split_ascii_whitespace());
    if same_words {
        return Some(NearMiss::Whitespace);
    }
    let (wanted, got) = (
        expected.split_ascii_whitespace(),
        actual.split_ascii_whitespace(),
    );
    let precise = wanted.clone().count() == got.clone().count()
        && wanted
            .zip(got)
            .all(|(wanted, got)| agree_to_precision(wanted, got));
    precise.then_some(NearMiss::Precision)
}

/// Judges `run`, made under `limits`, against the `expected` output, compared as the judge
/// compares answers ([`Comparison::Lines`]); None if it is right. See [`judge_run`] for the rest.
pub fn judge(expected: &str, run: &Run, limits: &Limits) -> Option<Failure> {
    judge_run(run, limits).or_else(|| {
        let actual = String::from_utf8_lossy(&run.stdout);
        (!Comparison::Lines.accepts(expected, &actual)).then(|| Failure::WrongAnswer {
            expected: expected.to_string(),
            actual: actual.into_owned(),
            message: None,
        })
    })
}

/// Judges `run`, made under `limits`, on everything but its answer; None if it ran to its end
/// within the limits and exited with status 0.
///
/// In this order: output beyond the limit, which stopped the run; a stack that reached its
/// limit, a crash even when that stack took the memory over its limit a moment before; the
/// memory limit; the time limit; a crash. A run stopped at a limit may also have crashed or
/// printed too little.
pub fn judge_run(run: &Run, limits: &Limits) -> Option<Failure> {
    if run.stopped == Some(Stop::Output) {
        return Some(Failure::OutputLimit {
            limit: run.stdout.len() as u64,
        });
    }
    let stack_full = run.stack_overflow || run.peak_stack * 10 >= limits.stack * STACK_NEARLY_FULL;
    let crashed = run.stopped.is_none() && !run.status.success();
    // A run stopped at a limit was killed by the tool, which is no status of the program's.
    let status = match run.stopped {
        Some(_) => "stopped at the memory limit, its stack full".to_string(),
        None => run.status.to_string(),
    };
    let stderr = String::from_utf8_lossy(&run.stderr);
    let too_deep = match stack_full {
        true => Some(TooDeep::Stack),
        false => stderr
            .contains(PYTHON_RECURSION_LIMIT)
            .then_some(TooDeep::RecursionLimit),
    };
    let crash = || Failure::Crash {
        status: status.clone(),
        stderr: stderr.clone().into_owned(),
        too_deep,
    };
    if stack_full && (crashed || run.stopped == Some(Stop::Memory)) {
        return Some(crash());
    }
    if run.stopped == Some(Stop::Memory) || run.peak_memory > limits.memory {
        return Some(Failure::MemoryLimit {
            peak: run.peak_memory,
        });
    }
    let time = judged_time(run);
    if run.stopped.is_some() || time > limits.time {
        return Some(Failure::TimeLimit {
            time,
            stopped: run.stopped.is_some(),
            blocked: run.stopped == Some(Stop::WallTime),
        });
    }
    (!run.status.success()).then(crash)
}

/// How well a run's time must be known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// Enough for a verdict: a time clearly under the limit needs one run.
    Verdict,
    /// A steady time, as the fit of a growth needs: at least [`steady_runs`] runs, and more while
    /// the two least of them differ by more than a tenth.
    Steady,
}

/// A time within this share of the limit, either side, is measured again until it is clearly
/// over or under.
pub const BORDERLINE: f64 = 0.1;

/// Two times agree when the larger is at most this much more than the smaller.
const AGREEING: f64 = 1.1;

/// The most runs made of one input.
pub const MOST_RUNS: usize = 5;

/// A run whose time is below this, in seconds, is made three times for a steady time, a longer
/// one twice: a moment's noise can double a short time.
const SHORT_RUN: f64 = 0.2;

/// Runs of one input that a steady time takes at least, given the judged time of the first:
/// three for a short time, two for a longer one. The least of them counts, since other programs
/// on the machine only ever add time.
pub fn steady_runs(first: Duration) -> usize {
    match first.as_secs_f64() < SHORT_RUN {
        true => 3,
        false => 2,
    }
}

/// The runs that judge a program on one input: the one with the least judged time (a run that
/// ran to its end before any that was stopped at a limit, which says only that it took more), and
/// how many were made.
#[derive(Debug)]
pub struct Settled {
    pub run: Run,
    pub runs: usize,
}

/// Runs a program on one input, with `run`, until its time is settled under `limits`, and keeps
/// the run with the least judged time ([`Settled`]); [`judge`] then decides on it. A busy machine only ever adds
/// time, so a right, fast program never fails because the machine was busy for a moment.
///
/// - A run stopped at the memory or output limit, or over the memory limit, is not made again:
///   neither depends on the machine's load.
/// - A time over the limit is confirmed by a second run.
/// - A time within [`BORDERLINE`] of the limit, either side, is measured again until the least is
///   clearly under or over it.
/// - With [`Precision::Steady`], at least [`steady_runs`], and more while the two least times of
///   the runs not stopped differ by more than a tenth.
/// - At most [`MOST_RUNS`] runs in all.
pub fn settle<E>(
    limits: &Limits,
    precision: Precision,
    mut run: impl FnMut() -> Result<Run, E>,
) -> Result<Settled, E> {
    let first = run()?;
    settle_after(limits, precision, first, run)
}

/// [`settle`], with `first` as the first run: one made already.
pub fn settle_after<E>(
    limits: &Limits,
    precision: Precision,
    first: Run,
    mut run: impl FnMut() -> Result<Run, E>,
) -> Result<Settled, E> {
    let memory_or_output = matches!(first.stopped, Some(Stop::Memory | Stop::Output))
        || first.peak_memory > limits.memory;
    let at_least = match precision {
        _ if memory_or_output => 1,
        Precision::Verdict => 1,
        Precision::Steady => steady_runs(judged_time(&first)),
    };
    // The judged times of the runs that were not stopped.
    let mut finished: Vec<Duration> = first
        .stopped
        .is_none()
        .then(|| judged_time(&first))
        .into_iter()
        .collect();
    let (mut least, mut runs) = (first, 1);
    let limit = limits.time.as_secs_f64();
    let unsettled = |least: &Run, runs: usize, finished: &[Duration]| {
        let time = judged_time(least).as_secs_f64();
        let clearly_under = time <= limit * (1.0 - BORDERLINE);
        let clearly_over = time > limit * (1.0 + BORDERLINE) && runs >= 2;
        let steady = precision == Precision::Verdict || two_least_agree(finished);
        runs < at_least || (!memory_or_output && !(steady && (clearly_under || clearly_over)))
    };
    while runs < MOST_RUNS && unsettled(&least, runs, &finished) {
        let ran = run()?;
        runs += 1;
        if ran.stopped.is_none() {
            finished.push(judged_time(&ran));
        }
        let key = |run: &Run| (run.stopped.is_some(), judged_time(run));
        if key(&ran) < key(&least) {
            least = ran;
        }
    }
    Ok(Settled { run: least, runs })
}

/// Whether the two least of `times` agree, or there are fewer than two to compare.
fn two_least_agree(times: &[Duration]) -> bool {
    let mut sorted = times.to_vec();
    sorted.sort();
    match sorted[..] {
        [least, second, ..] => second.as_secs_f64() <= least.as_secs_f64() * AGREEING,
        _ => true,
    }
}
