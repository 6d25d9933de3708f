//! The stress test behind the `check` tool: run a solution on random inputs, small ones first and
//! growing, compare each answer with the trusted one, and cut a failing input down with proptest's
//! shrinking to the smallest that still fails the same way.

use crate::generate::{Lucky7Kind, ShiritoriKind, lucky7_input, shiritori_input};
use crate::strategy;
use proptest::prelude::*;
use proptest::strategy::{BoxedStrategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The two problems, by the names of their binaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    Shiritori,
    Lucky7,
}

/// Largest N of the judge's constraints, for both problems.
pub const JUDGE_MAX: usize = 200_000;

/// The share of the cases, in percent, given to small inputs before the sizes grow to the
/// judge's largest.
const SMALL_SHARE: usize = 75;

/// The largest small input: words of a dictionary, rounds of a game.
const SMALL_WORDS: usize = 24;
const SMALL_ROUNDS: usize = 16;

/// The smallest of the growing inputs.
const FIRST_LARGE: usize = 100;

impl Problem {
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "shiritori" => Some(Self::Shiritori),
            "lucky7" => Some(Self::Lucky7),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Shiritori => "shiritori",
            Self::Lucky7 => "lucky7",
        }
    }

    /// The inputs of case `case` (from 0) of `cases`. The first three quarters are small and
    /// varied ([`strategy::dictionary`], [`strategy::game`]), their size limit growing from 1;
    /// the rest are the benchmark kinds of [`crate::generate`], their size limit growing
    /// geometrically from [`FIRST_LARGE`] to [`JUDGE_MAX`]. Either kind shrinks: the large
    /// ones by bisecting their size.
    pub fn inputs(self, case: usize, cases: usize) -> BoxedStrategy<Input> {
        let small_cases = (cases * SMALL_SHARE / 100).max(1);
        if case < small_cases {
            let fraction = |largest: usize| 1 + case * largest / small_cases;
            return match self {
                Self::Shiritori => strategy::dictionary(fraction(SMALL_WORDS))
                    .prop_map(Input::Shiritori)
                    .boxed(),
                Self::Lucky7 => strategy::game(fraction(SMALL_ROUNDS))
                    .prop_map(|(digits, players)| Input::Lucky7 { digits, players })
                    .boxed(),
            };
        }
        let (step, steps) = (case - small_cases + 1, cases - small_cases);
        let growth = (JUDGE_MAX as f64 / FIRST_LARGE as f64).powf(step as f64 / steps as f64);
        let largest = ((FIRST_LARGE as f64 * growth) as usize).min(JUDGE_MAX);
        // The seed of a large input picks its words or rounds; only its size is worth shrinking.
        let sized = (1..=largest, any::<u64>().no_shrink());
        match self {
            Self::Shiritori => (prop::sample::select(ShiritoriKind::ALL.to_vec()), sized)
                .prop_map(|(kind, (size, seed))| Input::Shiritori(kind.words(size, seed)))
                .boxed(),
            Self::Lucky7 => (prop::sample::select(Lucky7Kind::ALL.to_vec()), sized)
                .prop_map(|(kind, (size, seed))| {
                    let (digits, players) = kind.game(size, seed);
                    Input::Lucky7 { digits, players }
                })
                .boxed(),
        }
    }
}

/// An input of one of the problems.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Shiritori(Vec<String>),
    Lucky7 { digits: String, players: String },
}

impl Input {
    /// The input as the judge gives it.
    pub fn text(&self) -> String {
        match self {
            Self::Shiritori(words) => shiritori_input(words),
            Self::Lucky7 { digits, players } => lucky7_input(digits, players),
        }
    }

    /// N: words or rounds.
    pub fn size(&self) -> usize {
        match self {
            Self::Shiritori(words) => words.len(),
            Self::Lucky7 { digits, .. } => digits.len(),
        }
    }

    /// N with its unit: `3 words`, `1 round`.
    pub fn describe_size(&self) -> String {
        let unit = match self {
            Self::Shiritori(_) => "word",
            Self::Lucky7 { .. } => "round",
        };
        let plural = if self.size() == 1 { "" } else { "s" };
        format!("{} {unit}{plural}", self.size())
    }
}

/// How a program's run ended.
#[derive(Debug)]
pub enum Ending {
    Exited {
        status: ExitStatus,
        stdout: Vec<u8>,
        stderr: Vec<u8>,
    },
    /// It ran over the time limit and was killed.
    TimedOut,
}

/// Runs `command` (a program and its arguments) with `input` on stdin, and kills it, with every
/// process it started, once it has run for `timeout`. An error means it could not be started.
pub fn run_command(command: &[OsString], input: &[u8], timeout: Duration) -> io::Result<Ending> {
    let (program, arguments) = command
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command"))?;
    let mut child = Command::new(program)
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Its own process group, so that a timeout kills what it started too (say, the
        // interpreter behind a shell script).
        .process_group(0)
        .spawn()?;
    let started = Instant::now();
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // A program may end without reading all its input: a broken pipe is no failure.
    let writer = thread::spawn(move || drop(stdin.write_all(&input)));
    let read_all = |mut pipe: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = read_all(Box::new(child.stdout.take().expect("stdout is piped")));
    let stderr = read_all(Box::new(child.stderr.take().expect("stderr is piped")));
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        let elapsed = started.elapsed();
        if elapsed >= timeout {
            let group = -libc::pid_t::try_from(child.id()).expect("a pid fits pid_t");
            // SAFETY: kill has no memory effects; the group is the child's own, still unwaited.
            unsafe { libc::kill(group, libc::SIGKILL) };
            child.wait()?;
            break None;
        }
        // Poll often at first, when most runs end, then less.
        thread::sleep((elapsed / 16).clamp(Duration::from_micros(100), Duration::from_millis(10)));
    };
    writer.join().expect("the input writer does not panic");
    let (stdout, stderr) = (stdout.join(), stderr.join());
    let (stdout, stderr) = (stdout.expect("no panic"), stderr.expect("no panic"));
    Ok(match status {
        Some(status) => Ending::Exited {
            status,
            stdout,
            stderr,
        },
        None => Ending::TimedOut,
    })
}

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

/// Judges a run's `ending` against the `expected` output; None if it is right.
pub fn judge(expected: &str, ending: Ending) -> Option<Failure> {
    match ending {
        Ending::TimedOut => Some(Failure::Timeout),
        Ending::Exited { status, stderr, .. } if !status.success() => Some(Failure::Crash {
            status: status.to_string(),
            stderr: String::from_utf8_lossy(&stderr).into_owned(),
        }),
        Ending::Exited { stdout, .. } => {
            let actual = String::from_utf8_lossy(&stdout);
            (answer_lines(&actual) != answer_lines(expected)).then(|| Failure::WrongAnswer {
                expected: expected.to_string(),
                actual: actual.into_owned(),
            })
        }
    }
}

/// The lines on which a wrong answer differs from the expected one, for the report, with the
/// number of the Shiritori word each is about.
pub fn differences(input: &Input, expected: &str, actual: &str) -> Vec<(Option<usize>, String)> {
    let (expected, actual) = (answer_lines(expected), answer_lines(actual));
    let shown = |line: Option<&&str>| line.map_or("nothing".to_string(), |line| line.to_string());
    (0..expected.len().max(actual.len()))
        .filter(|&k| expected.get(k) != actual.get(k))
        .map(|k| {
            let (wanted, got) = (shown(expected.get(k)), shown(actual.get(k)));
            match input {
                Input::Shiritori(words) => match words.get(k) {
                    Some(word) => (
                        Some(k + 1),
                        format!("word {} \"{word}\": expected {wanted}, got {got}", k + 1),
                    ),
                    None => (
                        None,
                        format!("line {}: expected {wanted}, got {got}", k + 1),
                    ),
                },
                Input::Lucky7 { .. } => (None, format!("expected {wanted}, got {got}")),
            }
        })
        .collect()
}

/// What the search reports as it goes.
pub enum Progress<'a> {
    /// Case `case` (from 0) of `cases` is being run on `input`.
    Case {
        case: usize,
        cases: usize,
        input: &'a Input,
    },
    /// Shrinking has tried `steps` smaller inputs; the smallest failing one so far is `input`.
    Shrinking { steps: usize, input: &'a Input },
}

/// A failing input, shrunk.
#[derive(Debug)]
pub struct Found {
    /// The case (from 0) that failed first.
    pub case: usize,
    /// The input that failed first.
    pub first: Input,
    /// The smallest input found that fails the same way, and how.
    pub input: Input,
    pub failure: Failure,
    /// The smaller inputs that were tried.
    pub shrink_steps: usize,
}

/// The result of a search.
#[derive(Debug)]
pub enum Outcome {
    /// Every case passed; the largest input had this size.
    Passed {
        largest: usize,
    },
    Failed(Box<Found>),
}

/// Most smaller inputs tried while shrinking.
const MAX_SHRINK_STEPS: usize = 2_000;

/// Runs `cases` inputs of `problem` from the random seed `seed` through `test`, which judges a
/// solution on one input (an error ends the search, say when the solution cannot be run). On the
/// first failure, shrinks the input with proptest's value trees, keeping only smaller inputs
/// that fail the same way, until none does.
pub fn search<E>(
    problem: Problem,
    cases: usize,
    seed: u64,
    mut test: impl FnMut(&Input) -> Result<Option<Failure>, E>,
    mut progress: impl FnMut(Progress),
) -> Result<Outcome, E> {
    let mut seed_bytes = [0; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let mut largest = 0;
    for case in 0..cases {
        let mut tree = problem
            .inputs(case, cases)
            .new_tree(&mut runner)
            .expect("these strategies reject nothing");
        let first = tree.current();
        largest = largest.max(first.size());
        progress(Progress::Case {
            case,
            cases,
            input: &first,
        });
        let Some(failure) = test(&first)? else {
            continue;
        };
        let kind = failure.kind();
        let (mut input, mut failure, mut shrink_steps) = (first.clone(), failure, 0);
        // proptest's own shrinking loop: simplify while the input still fails, step back
        // (complicate) when it passes, until neither moves.
        let mut moved = tree.simplify();
        while moved && shrink_steps < MAX_SHRINK_STEPS {
            let candidate = tree.current();
            shrink_steps += 1;
            match test(&candidate)? {
                Some(found) if found.kind() == kind => {
                    (input, failure) = (candidate, found);
                    progress(Progress::Shrinking {
                        steps: shrink_steps,
                        input: &input,
                    });
                    moved = tree.simplify();
                }
                _ => moved = tree.complicate(),
            }
        }
        return Ok(Outcome::Failed(Box::new(Found {
            case,
            first,
            input,
            failure,
            shrink_steps,
        })));
    }
    Ok(Outcome::Passed { largest })
}
