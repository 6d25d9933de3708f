//! What the `check` tool prints about a failure: the smallest failing input, how it fails, what
//! was expected, and for a wrong answer the right game.

use crate::stress::{self, Failure, Found, Problem};
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

/// The report of `found`. `trusted(arguments)` is this crate's output, with `arguments`, on the
/// failing input: the expected answer, and the games from `--explain`.
pub fn report(setting: &Setting, found: &Found, trusted: impl Fn(&[&str]) -> String) -> String {
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
            let differences = stress::differences(input, expected, actual);
            let lines = differences.iter().map(|(_, line)| line.as_str());
            write_some(&mut text, lines, SHOWN_DIFFERENCES, "  ", "more");
            let explained: Vec<Vec<String>> = match problem {
                Problem::Shiritori => differences
                    .iter()
                    .filter_map(|(word, _)| *word)
                    .take(EXPLAINED_WORDS)
                    .map(|word| vec!["--explain".to_string(), word.to_string()])
                    .collect(),
                Problem::Lucky7 => vec![vec!["--explain".to_string()]],
            };
            for arguments in explained {
                let arguments: Vec<&str> = arguments.iter().map(String::as_str).collect();
                let _ = writeln!(text, "\nThe right game ({name} {}):", arguments.join(" "));
                let game = trusted(&arguments);
                write_some(&mut text, game.lines(), usize::MAX, "  ", "");
            }
        }
        Failure::Crash { stderr, .. } => {
            let _ = writeln!(text, "\nExpected output:\n{}", trusted(&[]));
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
            let _ = writeln!(text, "\nExpected output:\n{}", trusted(&[]));
            let _ = writeln!(text, "It was killed after {limit} s.");
        }
    }
    text
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
