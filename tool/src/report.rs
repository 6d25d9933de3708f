//! What `atcoder-games check` prints about a failure: the smallest failing input, how it fails,
//! and what helps to see why: where the answers differ and the right game, what the program
//! printed when it crashed, how its time or memory grows. No section is longer than
//! [`SECTION_LINES`], whatever the size of the input; each says how much it left out.

use crate::family::Family;
use crate::growth::{Fit, Resource};
use crate::judge::{Failure, Limits, answer_lines};
use crate::problem::{Input, Problem};
use crate::search::{Case, Found};
use std::fmt::Write;
use std::path::Path;

/// The most lines of any section of the report.
pub const SECTION_LINES: usize = 40;

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
    pub limits: Limits,
    /// Where the failing input is saved, if it is.
    pub saved: Option<&'a Path>,
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

/// How a failing program's time or memory grows on the family of its failing input.
#[derive(Clone, Debug, PartialEq)]
pub struct Growth {
    pub resource: Resource,
    pub family: Family,
    /// The smallest input's value, taken off before the fit.
    pub baseline: f64,
    /// Sizes below the smallest failing one, and what was measured at each.
    pub points: Vec<(usize, f64)>,
    pub fit: Option<Fit>,
    /// The run at the smallest failing size.
    pub smallest_failing: Measured,
    /// The run at the judge's largest size.
    pub largest: Measured,
}

/// A run at one size, for the growth section: what it took of the growth's resource, and the
/// limit it was stopped at, if any (then the value is what it had taken by then).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    pub size: usize,
    pub value: f64,
    pub stopped_at: Option<Resource>,
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

/// How many of the lines of the report's first section say where the failing input comes from,
/// before the input itself.
fn lines_before_the_input(found: &Found) -> usize {
    match found.case {
        Case::Random(_) => 1,
        Case::Family(_) => 2,
    }
}

/// Whether the report shows `found`'s input in full, in what its first section leaves room for.
pub fn shown_in_full(found: &Found) -> bool {
    found.input.text().lines().count() + lines_before_the_input(found) <= SECTION_LINES
}

/// `failure` in words, after "gives".
fn how(failure: &Failure, limits: &Limits) -> String {
    let limit = Resource::Time.show(limits.time.as_secs_f64());
    match failure {
        Failure::WrongAnswer { .. } => "a wrong answer (WA)".to_string(),
        Failure::Crash { status, .. } => format!("a runtime error (RE, {status})"),
        Failure::TimeLimit { blocked: true, cpu } => format!(
            "no answer (TLE): stopped on the wall clock after {}, having used {} of CPU time",
            Resource::Time.show(3.0 * limits.time.as_secs_f64()),
            Resource::Time.show(cpu.as_secs_f64())
        ),
        Failure::TimeLimit { .. } => {
            format!("time limit exceeded (TLE): more than {limit} of CPU time")
        }
        Failure::MemoryLimit { .. } => format!(
            "memory limit exceeded (MLE): more than {}",
            Resource::Memory.show(limits.memory as f64)
        ),
    }
}

/// The report of `found`. `trusted` answers what the report asks of this crate's solution on the
/// failing input; an error there ends the report.
pub fn report<E>(
    setting: &Setting,
    found: &Found,
    growth: Option<&Growth>,
    mut trusted: impl FnMut(Asked) -> Result<String, E>,
) -> Result<String, E> {
    let (problem, input) = (setting.problem, &found.input);
    let name = problem.name();
    let mut text = String::new();
    let command = setting.command;
    let how = how(&found.failure, &setting.limits);
    let _ = writeln!(text, "check: {command} gives {how} on {name}.");
    let units = input.describe_size();
    // The input shares its section with the lines that say where it comes from.
    match found.case {
        Case::Random(case) => {
            let _ = writeln!(
                text,
                "\nSmallest failing input ({units}), shrunk from case {} of {} ({}, seed {}) after {} tries:",
                case + 1,
                setting.cases,
                found.first.describe_size(),
                setting.seed,
                found.shrink_steps
            );
        }
        Case::Family(family) => {
            let _ = writeln!(
                text,
                "\nThe family \"{}\": {}\nSmallest failing input ({units} of it), bisected from {} (seed {}) after {} tries:",
                family.name(),
                family.description(),
                found.first.describe_size(),
                setting.seed,
                found.shrink_steps,
            );
        }
    }
    let input_text = input.text();
    let shown = SECTION_LINES - lines_before_the_input(found);
    write_some(&mut text, input_text.lines(), shown, "", "more lines");
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
                write_some(&mut text, game.lines(), SECTION_LINES, "  ", "more lines");
            }
        }
        Failure::Crash { stderr, .. } => {
            let _ = writeln!(text, "\nExpected output:");
            let expected = trusted(Asked::Answer)?;
            write_some(
                &mut text,
                expected.lines(),
                SECTION_LINES,
                "  ",
                "more lines",
            );
            let _ = writeln!(text, "\nWhat it printed on stderr:");
            // Where a message is depends on the language: first (Rust's panics) or last
            // (Python's tracebacks); of a long stderr, both ends are shown.
            let lines: Vec<&str> = stderr.lines().collect();
            if lines.len() > 2 * SHOWN_STDERR {
                let (head, tail) = (&lines[..SHOWN_STDERR], &lines[lines.len() - SHOWN_STDERR..]);
                write_some(&mut text, head.iter().copied(), usize::MAX, "  ", "");
                let left_out = lines.len() - 2 * SHOWN_STDERR;
                let _ = writeln!(text, "  ... ({left_out} lines left out)");
                write_some(&mut text, tail.iter().copied(), usize::MAX, "  ", "");
            } else {
                write_some(&mut text, lines.into_iter(), usize::MAX, "  ", "");
            }
        }
        Failure::TimeLimit { .. } | Failure::MemoryLimit { .. } => {
            if let Some(growth) = growth {
                write_growth(&mut text, growth, problem);
            }
        }
    }
    if let Some(path) = setting.saved {
        let _ = writeln!(text, "\nThe input is saved in {}.", path.display());
    }
    Ok(text)
}

/// The growth section: the exponent, the sizes measured, the smallest failing size and the
/// judge's largest.
fn write_growth(text: &mut String, growth: &Growth, problem: Problem) {
    let resource = growth.resource;
    let noun = resource.noun();
    let units = problem.units();
    let _ = writeln!(text);
    match growth.fit {
        Some(fit) => {
            let _ = writeln!(
                text,
                "{} grows like N^{:.1} on this family.",
                capitalized(noun),
                fit.exponent
            );
        }
        None => {
            let _ = writeln!(
                text,
                "Its {noun} could not be measured below the smallest failing size: it does not grow enough over the smallest input's."
            );
        }
    }
    let measured = |value: f64| resource.show_measured(value, growth.baseline);
    let shown: Vec<String> = growth
        .points
        .iter()
        .rev()
        .map(|&(size, value)| format!("{} at {}", measured(value), with_commas(size)))
        .collect();
    let _ = writeln!(
        text,
        "Measured: {} {units} ({} for the smallest input).",
        shown.join(", "),
        resource.show_measured(growth.baseline, 0.0)
    );
    let at = |run: Measured| {
        let value = resource.show(run.value);
        let measured = match run.stopped_at {
            None => value,
            Some(limit) if limit == resource => format!("over {value} (stopped)"),
            // A memory hog that pages slowly can reach the time limit first, say.
            Some(limit) => format!("{value} when stopped at the {} limit", limit.noun()),
        };
        let expected = growth
            .fit
            .filter(|_| run.stopped_at.is_some())
            .map(|fit| format!(", about {} by the fit", resource.show(fit.at(run.size))))
            .unwrap_or_default();
        format!("{} {units}: {measured}{expected}", with_commas(run.size))
    };
    let _ = writeln!(
        text,
        "The smallest failing size of the family \"{}\" is {}; at {}.",
        growth.family.name(),
        at(growth.smallest_failing),
        at(growth.largest)
    );
}

/// `word` with a capital first letter.
fn capitalized(word: &str) -> String {
    let mut letters = word.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// `1234567` as `1,234,567`.
pub fn with_commas(n: usize) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// Writes `lines`, each on its own line after `indent`, in at most `limit` lines: when there
/// are more, the last of them says how many were left out, followed by `more`.
fn write_some<'a>(
    text: &mut String,
    lines: impl Iterator<Item = &'a str>,
    limit: usize,
    indent: &str,
    more: &str,
) {
    let lines: Vec<&str> = lines.collect();
    let shown = match lines.len() > limit {
        true => limit - 1,
        false => lines.len(),
    };
    for line in &lines[..shown] {
        let _ = writeln!(text, "{indent}{line}");
    }
    if shown < lines.len() {
        let _ = writeln!(text, "{indent}... and {} {more}", lines.len() - shown);
    }
}
