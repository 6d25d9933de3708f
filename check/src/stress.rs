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

/// The largest failing input whose words or rounds shrinking drops one by one: the largest
/// small one, a dictionary of [`SMALL_WORDS`] (24) words each listed twice.
const DROPPED_ONE_BY_ONE: usize = 48;

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

    /// The largest N of case `case` (from 0) of `cases`. Over the first three quarters it grows
    /// linearly from 1 to [`SMALL_WORDS`] or [`SMALL_ROUNDS`]; over the rest, geometrically from
    /// [`FIRST_LARGE`] to [`JUDGE_MAX`].
    pub fn size_limit(self, case: usize, cases: usize) -> usize {
        let small_cases = small_cases(cases);
        if case < small_cases {
            let small = match self {
                Self::Shiritori => SMALL_WORDS,
                Self::Lucky7 => SMALL_ROUNDS,
            };
            return 1 + case * (small - 1) / (small_cases - 1).max(1);
        }
        let (step, steps) = (case - small_cases, cases - small_cases);
        let fraction = if steps > 1 {
            step as f64 / (steps - 1) as f64
        } else {
            1.0
        };
        let growth = (JUDGE_MAX as f64 / FIRST_LARGE as f64).powf(fraction);
        ((FIRST_LARGE as f64 * growth).round() as usize).min(JUDGE_MAX)
    }

    /// The inputs of case `case` (from 0) of `cases`, of at most [`Problem::size_limit`] words
    /// or rounds (a Shiritori word may be listed twice). The first three quarters are small and
    /// varied ([`strategy::dictionary`], [`strategy::game`]); the rest are the benchmark kinds
    /// of [`crate::generate`]. Either kind shrinks: the large ones by bisecting their size.
    pub fn inputs(self, case: usize, cases: usize) -> BoxedStrategy<Input> {
        let largest = self.size_limit(case, cases);
        if case < small_cases(cases) {
            return match self {
                Self::Shiritori => strategy::dictionary(largest)
                    .prop_map(Input::Shiritori)
                    .boxed(),
                Self::Lucky7 => strategy::game(largest)
                    .prop_map(|(digits, players)| Input::Lucky7 { digits, players })
                    .boxed(),
            };
        }
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

/// How many of `cases` are small: [`SMALL_SHARE`] percent, and at least the first.
fn small_cases(cases: usize) -> usize {
    (cases * SMALL_SHARE / 100).max(1)
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

    /// The input without its word or round number `index` (from 0); None if there is no such
    /// word or round, or if it is the only one.
    pub fn without(&self, index: usize) -> Option<Input> {
        if index >= self.size() || self.size() == 1 {
            return None;
        }
        let mut smaller = self.clone();
        match &mut smaller {
            Self::Shiritori(words) => drop(words.remove(index)),
            Self::Lucky7 { digits, players } => {
                digits.remove(index);
                players.remove(index);
            }
        }
        Some(smaller)
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

/// How often a running program is looked at: often enough that a run of a millisecond or two,
/// which most are, is not kept waiting.
const POLL: Duration = Duration::from_micros(200);

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
        thread::sleep(POLL);
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

/// The smallest failing input found so far, how it fails, and how many smaller inputs were
/// tried.
struct Shrunk {
    input: Input,
    failure: Failure,
    steps: usize,
}

/// How a search goes: how many cases, from which random seed, and how many smaller inputs
/// shrinking may try at most (each may take a run up to the time limit).
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub cases: usize,
    pub seed: u64,
    pub max_shrink_steps: usize,
}

impl Plan {
    /// `cases` cases from `seed`, shrinking for up to 2,000 smaller inputs.
    pub fn new(cases: usize, seed: u64) -> Self {
        Self {
            cases,
            seed,
            max_shrink_steps: 2_000,
        }
    }
}

/// Runs the cases of `plan` for `problem` through `test`, which judges a solution on one input
/// (an error ends the search, say when the solution cannot be run). On the first failure,
/// shrinks the input with proptest's value trees, keeping only smaller inputs that fail the
/// same way, until none does.
pub fn search<E>(
    problem: Problem,
    plan: Plan,
    mut test: impl FnMut(&Input) -> Result<Option<Failure>, E>,
    mut progress: impl FnMut(Progress),
) -> Result<Outcome, E> {
    let Plan {
        cases,
        seed,
        max_shrink_steps,
    } = plan;
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
        let mut shrunk = Shrunk {
            input: first.clone(),
            failure,
            steps: 0,
        };
        // Tries `candidate`, keeping it if it fails the same way; says whether it did.
        let mut try_smaller = |shrunk: &mut Shrunk, candidate: Input| {
            shrunk.steps += 1;
            match test(&candidate)? {
                Some(found) if found.kind() == kind => {
                    (shrunk.input, shrunk.failure) = (candidate, found);
                    progress(Progress::Shrinking {
                        steps: shrunk.steps,
                        input: &shrunk.input,
                    });
                    Ok(true)
                }
                _ => Ok(false),
            }
        };
        // proptest's own shrinking loop: simplify while the input still fails, step back
        // (complicate) when it passes, until neither moves.
        let mut moved = tree.simplify();
        while moved && shrunk.steps < max_shrink_steps {
            moved = match try_smaller(&mut shrunk, tree.current())? {
                true => tree.simplify(),
                false => tree.complicate(),
            };
        }
        // proptest drops each word or round once, early on, when others may still have needed
        // it: drop again what the failure no longer needs, so that no input with one word or
        // round fewer fails the same way. Only from small inputs: a large one shrinks by
        // bisecting its size, and dropping its words one by one would take as many runs.
        let mut next = 0;
        while shrunk.input.size() <= DROPPED_ONE_BY_ONE && shrunk.steps < max_shrink_steps {
            let Some(candidate) = shrunk.input.without(next) else {
                break;
            };
            if !try_smaller(&mut shrunk, candidate)? {
                next += 1;
            }
        }
        let Shrunk {
            input,
            failure,
            steps: shrink_steps,
        } = shrunk;
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
