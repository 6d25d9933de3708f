//! What `atcoder-games check` prints about a failure: the smallest failing input, how it fails,
//! what was expected, and for a wrong answer where the answers differ and the right game.

use crate::judge::{Failure, answer_lines};
use crate::problem::{Input, Problem};
use crate::search::Found;
use std::fmt::Write;
use std::time::Duration;

/// Lines of a failing input shown; `--save` writes all of them.
pub const SHOWN_INPUT_LINES: usize = 30;

/// Differing lines of a wrong answer shown.
pub const SHOWN_DIFFERENCES: usize = 10;

/// Differing Shiritori words whose right game is shown.
pub const EXPLAINED_WORDS: usize = 3;

/// Lines shown from each end of a long stderr.
pub const SHOWN_STDERR: usize = 5;

/// How the check was run, as the report tells it.
pub struct Setting<'a> {
    pub problem: Problem,
    /// The solution's command line, as one string.
    pub command: &'a str,
    pub cases: usize,
    pub seed: u64,
    pub timeout: Duration,
}

/// What the report asks of this crate's own solution about the failing input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// The right answer.
    Answer,
    /// The right game: Shiritori's opened with this word (from 1), or Lucky 7's, which is one.
    Game(Option<usize>),
}

impl Asked {
    /// The arguments of `atcoder-games` that answer this for `problem`.
    pub fn arguments(self, problem: Problem) -> Vec<String> {
        let mut arguments = match self {
            Self::Answer => vec!["solve".to_string()],
            Self::Game(_) => vec!["explain".to_string()],
        };
        arguments.push(problem.name().to_string());
        if let Self::Game(Some(word)) = self {
            arguments.push(word.to_string());
        }
        arguments
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

/// The report of `found`. `trusted` answers what the report asks of this crate's solution on the
/// failing input; an error there ends the report.
pub fn report<E>(
    setting: &Setting,
    found: &Found,
    mut trusted: impl FnMut(Asked) -> Result<String, E>,
) -> Result<String, E> {
    let (problem, input) = (setting.problem, &found.input);
    let name = problem.name();
    let mut text = String::new();
    let limit = setting.timeout.as_secs_f64();
    let how = match &found.failure {
        Failure::WrongAnswer { .. } => format!("a wrong answer on {name}"),
        Failure::Crash { status, .. } => format!("a runtime error on {name} ({status})"),
        Failure::Timeout => format!("no answer within {limit} s on {name}"),
    };
    let command = setting.command;
    let _ = writeln!(text, "check: {command} gives {how}.");
    let _ = writeln!(
        text,
        "\nSmallest failing input ({}), shrunk from case {} of {} ({}, seed {}) after {} tries:",
        input.describe_size(),
        found.case + 1,
        setting.cases,
        found.first.describe_size(),
        setting.seed,
        found.shrink_steps
    );
    let input_text = input.text();
    let more = "more lines (--save PATH writes the whole input)";
    write_some(&mut text, input_text.lines(), SHOWN_INPUT_LINES, "", more);
    match &found.failure {
        Failure::WrongAnswer { expected, actual } => {
            let _ = writeln!(
                text,
                "\nWhere the answers differ (expected: this crate's {name}):"
            );
            let differences = differences(input, expected, actual);
            let lines = differences.iter().map(|(_, line)| line.as_str());
            write_some(&mut text, lines, SHOWN_DIFFERENCES, "  ", "more");
            let games: Vec<Asked> = match problem {
                Problem::Shiritori => differences
                    .iter()
                    .filter_map(|(word, _)| *word)
                    .take(EXPLAINED_WORDS)
                    .map(|word| Asked::Game(Some(word)))
                    .collect(),
                Problem::Lucky7 => vec![Asked::Game(None)],
            };
            for asked in games {
                let command = asked.arguments(problem).join(" ");
                let _ = writeln!(text, "\nThe right game (atcoder-games {command}):");
                let game = trusted(asked)?;
                write_some(&mut text, game.lines(), usize::MAX, "  ", "");
            }
        }
        Failure::Crash { stderr, .. } => {
            let _ = writeln!(text, "\nExpected output:\n{}", trusted(Asked::Answer)?);
            let _ = writeln!(text, "What it printed on stderr:");
            // Where a message is depends on the language: first (Rust's panics) or last
            // (Python's tracebacks); of a long stderr, both ends are shown.
            let lines: Vec<&str> = stderr.lines().collect();
            if lines.len() > 2 * SHOWN_STDERR {
                let (head, tail) = (&lines[..SHOWN_STDERR], &lines[lines.len() - SHOWN_STDERR..]);
                write_some(&mut text, head.iter().copied(), usize::MAX, "  ", "");
                let _ = writeln!(text, "  ...");
                write_some(&mut text, tail.iter().copied(), usize::MAX, "  ", "");
            } else {
                write_some(&mut text, lines.into_iter(), usize::MAX, "  ", "");
            }
        }
        Failure::Timeout => {
            let _ = writeln!(text, "\nExpected output:\n{}", trusted(Asked::Answer)?);
            let _ = writeln!(text, "It was killed after {limit} s.");
        }
    }
    Ok(text)
}

/// Writes the first `limit` of `lines`, each on its own line after `indent`, then how many more
/// there are, followed by `more`.
fn write_some<'a>(
    text: &mut String,
    lines: impl Iterator<Item = &'a str>,
    limit: usize,
    indent: &str,
    more: &str,
) {
    let mut left_out = 0;
    for (shown, line) in lines.enumerate() {
        if shown < limit {
            let _ = writeln!(text, "{indent}{line}");
        } else {
            left_out += 1;
        }
    }
    if left_out > 0 {
        let _ = writeln!(text, "{indent}... and {left_out} {more}");
    }
}
