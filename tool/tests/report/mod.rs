//! The report of a failure, on made-up failures: what it shows in full, and where it stops.

use atcoder_games_tool::builtin::{explained, game_command};
use atcoder_games_tool::error::Error;
use atcoder_games_tool::family::Family;
use atcoder_games_tool::family::Origin;
use atcoder_games_tool::findings::{Caught, EXPLAINED_WORDS, Judging, Pass, SavedCase, StartUp};
use atcoder_games_tool::format::{LINE_WIDTH, seconds_beside, shortened};
use atcoder_games_tool::growth::{Curve, Fit, Measured, Resource};
use atcoder_games_tool::input::{Builtin, Input};
use atcoder_games_tool::judge::{Failure, Limits, TooDeep, differing_lines};
use atcoder_games_tool::problem::{Problem, RightGame};
use atcoder_games_tool::process::Stop;
use atcoder_games_tool::report::{SECTION_LINES, SHOWN_DIFFERENCES, SHOWN_STDERR};
use atcoder_games_tool::search::{Case, Diagnosis, Found, Margins, Peak, Undiagnosed};
use atcoder_games_tool::setup::{SaveFolder, Setup};
use std::path::PathBuf;
use std::time::Duration;

mod bounds;
mod limits;
mod pass;
mod wrong_answer;

/// How a check was run, as these tests give it; [`report`] and [`passed`] make it a
/// [`Setup`].
struct Scenario<'a> {
    problem: Builtin,
    /// The program's command line, split as a shell splits it.
    command: &'a str,
    cases: usize,
    seed: u64,
    limits: Limits,
    saved: Option<SavedCase>,
    time_factor: f64,
}

impl Scenario<'_> {
    fn setup(&self) -> Setup {
        Setup {
            problem: Box::new(self.problem),
            program: self.command.to_string(),
            command: shell_words::split(self.command)
                .unwrap()
                .into_iter()
                .map(Into::into)
                .collect(),
            to_shrink: None,
            cases: self.cases,
            seed: self.seed,
            limits: self.limits,
            time_factor: self.time_factor,
            shim: None,
            folder: SaveFolder {
                path: PathBuf::from("/tmp"),
                made: Vec::new(),
            },
            html: None,
            built: Vec::new(),
            invoked: Vec::new(),
            jobs: 2,
            warnings: Vec::new(),
        }
    }
}

/// The right game a report asks for: the word it opens with (Shiritori), or none (Lucky 7's).
struct Game(Option<usize>);

impl std::fmt::Debug for Game {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "Game({:?})", self.0)
    }
}

/// The report of `found`, with `growth` and `diagnosis`, as `scenario` ran the check: its right
/// games chosen as `check` chooses them, and played by `trusted`, which says what it was asked.
fn report<E>(
    scenario: &Scenario,
    found: &Found,
    growth: Option<&Curve>,
    diagnosis: Option<&Result<Diagnosis, Undiagnosed>>,
    mut trusted: impl FnMut(Game) -> Result<String, E>,
) -> Result<String, E> {
    let (mut differences, mut games) = (Vec::new(), Vec::new());
    if let Failure::WrongAnswer {
        expected, actual, ..
    } = &found.failure
    {
        differences = differing_lines(expected, actual);
        let lines: Vec<usize> = differences.iter().map(|&(line, _, _)| line).collect();
        for opening in explained(scenario.problem, &found.input, &lines, EXPLAINED_WORDS) {
            games.push(RightGame {
                command: game_command(scenario.problem, opening),
                game: trusted(Game(opening))?,
            });
        }
    }
    let caught = Caught {
        found: found.clone(),
        growth: growth.cloned(),
        diagnosis: diagnosis.cloned(),
        differences,
        games,
        saved: scenario.saved.clone(),
        page: None,
        printed_first: Vec::new(),
        transcript: None,
        repeats: true,
        elapsed: Duration::from_secs(3),
        start_up: None,
        forked: 0,
        judging: Judging::default(),
    };
    Ok(atcoder_games_tool::report::report(
        &scenario.setup(),
        &caught,
    ))
}

/// The report of a pass as `scenario` ran the check.
fn passed(scenario: &Scenario, largest: usize, margins: &Margins, elapsed: Duration) -> String {
    let pass = Pass {
        largest,
        margins: margins.clone(),
        elapsed,
        start_up: None,
        forked: 0,
        judging: Judging::default(),
    };
    atcoder_games_tool::report::passed(&scenario.setup(), &pass)
}

/// The lines on which a wrong answer to `input` of `problem` differs from the expected one, as
/// the report labels them.
fn differences(problem: Builtin, input: &Input, expected: &str, actual: &str) -> Vec<String> {
    let lines = differing_lines(expected, actual).into_iter();
    lines
        .map(
            |(line, wanted, got)| match problem.line_label(input, line) {
                Some(label) => format!("{label}: expected {wanted}, got {got}"),
                None => format!("expected {wanted}, got {got}"),
            },
        )
        .collect()
}

fn scenario(problem: Builtin) -> Scenario<'static> {
    Scenario {
        problem,
        command: "./a.out",
        cases: 300,
        seed: 42,
        limits: Limits {
            time: Duration::from_millis(1500),
            memory: 256 << 20,
            stack: 1 << 30,
        },
        saved: None,
        time_factor: 1.0,
    }
}

fn found(input: Input, failure: Failure) -> Found {
    Found {
        case: Case::Random(6),
        first: input.clone(),
        first_failure: failure.clone(),
        first_origin: None,
        input,
        failure,
        origin: None,
        bisected: false,
        cut_down: false,
        shrink_steps: 9,
    }
}

fn time_limit(seconds: f64) -> Failure {
    Failure::TimeLimit {
        time: Duration::from_secs_f64(seconds),
        stopped: false,
        blocked: false,
    }
}

/// A crash, which shows its input.
fn crash() -> Failure {
    Failure::Crash {
        status: "exit status: 101".to_string(),
        stderr: "boom".to_string(),
        too_deep: None,
    }
}

/// `text` with the lines of each paragraph joined by spaces, as they were before wrapping.
fn unwrapped(text: &str) -> String {
    text.split("\n\n")
        .map(|paragraph| paragraph.trim_end().replace('\n', " "))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Word `k` (from 0) of [`words`]: `aaa`, `aab`, ..., `aaz`, `aba`, ...
fn word(k: usize) -> String {
    let letter = |code: usize| char::from(b'a' + code as u8);
    format!("a{}{}", letter(k / 26), letter(k % 26))
}

/// A dictionary of `count` words.
fn words(count: usize) -> Input {
    Input::Shiritori((0..count).map(word).collect())
}

/// The trusted answer: what it was asked, so the report shows what it asked.
fn trusted(asked: Game) -> Result<String, ()> {
    Ok(format!("asked {asked:?}\nsecond line\n"))
}

/// The report of `found` for `problem`, with [`trusted`] answers.
fn reported(problem: Builtin, found: &Found) -> String {
    report(&scenario(problem), found, None, None, trusted).expect("the trusted answers do not fail")
}

/// The lines of each section of `text`, the blocks between blank lines.
fn section_lengths(text: &str) -> Vec<usize> {
    text.split("\n\n")
        .map(|section| section.lines().count())
        .collect()
}

/// A Lucky 7 game of `rounds` rounds, all zeros and Aoki's.
fn game(rounds: usize) -> Input {
    Input::Lucky7 {
        digits: "0".repeat(rounds),
        players: "A".repeat(rounds),
    }
}
