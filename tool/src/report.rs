//! What `atcoder-games check` prints about a failure: the smallest failing input, how it fails,
//! and what helps to see why: where the answers differ and the right game, what the program
//! printed when it crashed, how its time or memory grows. Whatever the size of the input, no
//! section is longer than [`SECTION_LINES`], no line longer than about [`LINE_WIDTH`] characters,
//! and the whole no larger than [`MOST_BYTES`]; each says how much it left out.

use crate::family::Family;
use crate::format::with_commas;
use crate::growth::{Curve, Measured, Resource};
use crate::judge::{Failure, Limits, answer_lines};
use crate::problem::{Input, Problem};
use crate::search::{Case, Found};
use std::fmt::Write;
use std::path::Path;
use std::time::Duration;

/// The most lines of any section of the report.
pub const SECTION_LINES: usize = 40;

/// Differing lines of a wrong answer shown.
pub const SHOWN_DIFFERENCES: usize = 10;

/// Differing Shiritori words whose right game is shown.
pub const EXPLAINED_WORDS: usize = 3;

/// Lines shown from each end of a long stderr.
pub const SHOWN_STDERR: usize = 5;

/// The longest line of a report, in characters, but for the few that a shortened token leaves
/// a little longer.
pub const LINE_WIDTH: usize = 120;

/// The most bytes of a report.
pub const MOST_BYTES: usize = 16 * 1024;

/// Characters kept from each end of a token too long for its line.
const TOKEN_ENDS: usize = 20;

/// How the check was run, as the report tells it.
pub struct CheckSetup<'a> {
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
pub enum TrustedOutput {
    /// The right answer.
    Answer,
    /// The right game: Shiritori's opened with this word (from 1), or Lucky 7's, which is one.
    Game(Option<usize>),
}

impl TrustedOutput {
    /// The command a reader runs for the same output: `atcoder-games explain shiritori 2`.
    pub fn command(self, problem: Problem) -> String {
        let name = problem.name();
        match self {
            Self::Answer => format!("atcoder-games solve {name}"),
            Self::Game(None) => format!("atcoder-games explain {name}"),
            Self::Game(Some(word)) => format!("atcoder-games explain {name} {word}"),
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

/// How many of the lines of the report's first section say where the failing input comes from,
/// before the input itself.
fn lines_before_the_input(found: &Found) -> usize {
    match found.case {
        Case::Random(_) => 1,
        Case::Family(family) => wrapped(&family_line(family)).len() + 1,
    }
}

/// The line that introduces a family: its name and what it stresses.
fn family_line(family: Family) -> String {
    format!("The family \"{}\": {}", family.name(), family.description())
}

/// Whether the report shows `found`'s input: for a wrong answer or a crash, where the words or
/// rounds are what to look at. A run too slow or too large, or that printed too much, is about
/// the input's size and family, which the report names.
fn shows_input(found: &Found) -> bool {
    matches!(
        found.failure,
        Failure::WrongAnswer { .. } | Failure::Crash { .. }
    )
}

/// Whether the report shows `found`'s input in full, in what its first section leaves room for;
/// an input not shown in full is saved to a file.
pub fn shown_in_full(found: &Found) -> bool {
    let lines = found.input.text().lines().count() + lines_before_the_input(found);
    let width = found.input.text().lines().map(str::len).max().unwrap_or(0);
    shows_input(found) && lines <= SECTION_LINES && width <= LINE_WIDTH
}

/// `failure` in words, after "gives".
fn verdict_in_words(failure: &Failure, limits: &Limits) -> String {
    let limit = Resource::Time.show(limits.time.as_secs_f64());
    let time = |time: &Duration| Resource::Time.show(time.as_secs_f64());
    let verdict = failure.verdict();
    let (name, short) = (verdict.name(), verdict.abbreviation());
    match failure {
        Failure::WrongAnswer { .. } => format!("a {name} ({short})"),
        Failure::Crash { status, .. } => format!("a {name} ({short}, {status})"),
        Failure::TimeLimit {
            blocked: true,
            time: waited,
            ..
        } => format!(
            "no answer ({short}): it waited (slept or blocked) and was stopped on the wall clock after {}",
            time(waited)
        ),
        Failure::TimeLimit {
            time: taken,
            stopped: true,
            ..
        } => format!(
            "{name} ({short}): stopped at {}, more than the {limit} limit",
            time(taken)
        ),
        Failure::TimeLimit { time: taken, .. } => format!(
            "{name} ({short}): {}, more than the {limit} limit",
            time(taken)
        ),
        Failure::MemoryLimit { .. } => format!(
            "{name} ({short}): more than {}",
            Resource::Memory.show(limits.memory as f64)
        ),
        Failure::OutputLimit { limit } => format!(
            "{name} ({short}): it printed more than {}",
            Resource::Memory.show(*limit as f64)
        ),
    }
}

/// The report of `found`. `trusted` answers what the report asks of this crate's solution on the
/// failing input; an error there ends the report.
pub fn report<E>(
    setting: &CheckSetup,
    found: &Found,
    growth: Option<&Curve>,
    mut trusted: impl FnMut(TrustedOutput) -> Result<String, E>,
) -> Result<String, E> {
    let (problem, input) = (setting.problem, &found.input);
    let name = problem.name();
    let mut text = String::new();
    let command = setting.command;
    let how = verdict_in_words(&found.failure, &setting.limits);
    write_wrapped(
        &mut text,
        &format!("check: {command} gives {how} on {name}."),
    );
    let units = input.describe_size();
    // The input shares its section with the lines that say where it comes from.
    let how = match (found.bisected, found.origin) {
        (false, _) => "shrunk",
        (true, Some(_)) => "bisected",
        (true, None) => "bisected, then cut down,",
    };
    let from = match found.case {
        Case::Random(case) => format!(
            "{how} from case {} of {} ({}, seed {})",
            case + 1,
            setting.cases,
            found.first.describe_size(),
            setting.seed,
        ),
        Case::Family(family) => {
            let _ = writeln!(text);
            write_wrapped(&mut text, &family_line(family));
            format!(
                "{how} from {} of it (seed {})",
                found.first.describe_size(),
                setting.seed
            )
        }
    };
    let tries = found.shrink_steps;
    // A family's line comes first, in the same section.
    if let Case::Random(_) = found.case {
        let _ = writeln!(text);
    }
    if shows_input(found) {
        let _ = writeln!(
            text,
            "Smallest failing input ({units}), {from} after {tries} tries:"
        );
        let shown = SECTION_LINES - lines_before_the_input(found);
        write_some(&mut text, input.text().lines(), shown, "", "more lines");
    } else {
        let _ = writeln!(
            text,
            "Smallest failing input: {units}, {from} after {tries} tries."
        );
    }
    match &found.failure {
        Failure::WrongAnswer { expected, actual } => {
            let _ = writeln!(
                text,
                "\nWhere the answers differ (expected: this crate's {name}):"
            );
            let differences = differences(input, expected, actual);
            let lines = differences.iter().map(|(_, line)| line.as_str());
            write_some(&mut text, lines, SHOWN_DIFFERENCES, "  ", "more");
            let games: Vec<TrustedOutput> = match problem {
                Problem::Shiritori => differences
                    .iter()
                    .filter_map(|(word, _)| *word)
                    .take(EXPLAINED_WORDS)
                    .map(|word| TrustedOutput::Game(Some(word)))
                    .collect(),
                Problem::Lucky7 => vec![TrustedOutput::Game(None)],
            };
            for asked in games {
                let command = asked.command(problem);
                let _ = writeln!(text, "\nThe right game ({command}):");
                let game = trusted(asked)?;
                write_some(&mut text, game.lines(), SECTION_LINES, "  ", "more lines");
            }
        }
        Failure::Crash {
            stderr, stack_full, ..
        } => {
            if *stack_full {
                let stack = Resource::Memory.show(setting.limits.stack as f64);
                write_wrapped(
                    &mut text,
                    &format!(
                        "\nIts stack had grown to the limit of {stack} (--stack; the judge's is 1024 MiB): the recursion may be too deep, or endless."
                    ),
                );
            }
            let _ = writeln!(text, "\nExpected output:");
            let expected = trusted(TrustedOutput::Answer)?;
            write_some(
                &mut text,
                expected.lines(),
                SECTION_LINES,
                "  ",
                "more lines",
            );
            write_stderr(&mut text, stderr);
        }
        Failure::TimeLimit { .. } | Failure::MemoryLimit { .. } | Failure::OutputLimit { .. } => {
            if let Some(growth) = growth {
                write_growth(&mut text, growth, problem);
            }
        }
    }
    let mut text = bounded(&text);
    if let Some(path) = setting.saved {
        let _ = writeln!(text, "\nThe input is saved in {}.", path.display());
    }
    Ok(text)
}

/// What a crashed program printed on stderr, if anything. Where a message is depends on the
/// language: first (Rust's panics) or last (Python's tracebacks); of a long stderr, both ends
/// are shown.
fn write_stderr(text: &mut String, stderr: &str) {
    let lines: Vec<&str> = stderr.lines().collect();
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(text, "\nWhat it printed on stderr:");
    if lines.len() > 2 * SHOWN_STDERR {
        let (head, tail) = (&lines[..SHOWN_STDERR], &lines[lines.len() - SHOWN_STDERR..]);
        write_some(text, head.iter().copied(), usize::MAX, "  ", "");
        let left_out = lines.len() - 2 * SHOWN_STDERR;
        let _ = writeln!(text, "  ... ({left_out} lines left out)");
        write_some(text, tail.iter().copied(), usize::MAX, "  ", "");
    } else {
        write_some(text, lines.into_iter(), usize::MAX, "  ", "");
    }
}

/// Writes `prose` (which may start with a newline) as [`wrapped`] lines.
fn write_wrapped(text: &mut String, prose: &str) {
    for line in wrapped(prose) {
        let _ = writeln!(text, "{line}");
    }
}

/// `prose` as lines of at most [`LINE_WIDTH`] characters, broken between words (a word longer
/// than that stands on a line of its own).
fn wrapped(prose: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in prose.split('\n') {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > LINE_WIDTH {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    lines
}

/// `text` within the report's bounds: each line of more than [`LINE_WIDTH`] characters with its
/// long tokens shown by their ends, and cut if that is not enough; and all of it within
/// [`MOST_BYTES`] (less room for the line that says where the input is saved), cut at a line's
/// end with a line that says so.
fn bounded(text: &str) -> String {
    const ROOM_FOR_THE_END: usize = 512;
    let mut bounded = String::new();
    for line in text.lines() {
        let line = shortened(line);
        if bounded.len() + line.len() + 1 > MOST_BYTES - ROOM_FOR_THE_END {
            let left_out = text.len() - bounded.len();
            let _ = writeln!(
                bounded,
                "... (the report stops here, {} bytes short of its end)",
                with_commas(left_out)
            );
            break;
        }
        let _ = writeln!(bounded, "{line}");
    }
    bounded
}

/// `line` in at most about [`LINE_WIDTH`] characters: each token too long for it shown by its
/// ends and the number of characters left out between them, and the line cut if it is still too
/// long.
pub fn shortened(line: &str) -> String {
    let characters = line.chars().count();
    if characters <= LINE_WIDTH {
        return line.to_string();
    }
    let tokens: Vec<String> = line
        .split(' ')
        .map(|token| {
            let length = token.chars().count();
            if length <= 3 * TOKEN_ENDS {
                return token.to_string();
            }
            let head: String = token.chars().take(TOKEN_ENDS).collect();
            let tail: String = token.chars().skip(length - TOKEN_ENDS).collect();
            let left_out = with_commas(length - 2 * TOKEN_ENDS);
            format!("{head}...({left_out} characters)...{tail}")
        })
        .collect();
    let line = tokens.join(" ");
    let characters = line.chars().count();
    if characters <= LINE_WIDTH + 2 * TOKEN_ENDS {
        return line;
    }
    let kept: String = line.chars().take(LINE_WIDTH - 2 * TOKEN_ENDS).collect();
    let left_out = with_commas(characters - (LINE_WIDTH - 2 * TOKEN_ENDS));
    format!("{kept}... ({left_out} more characters)")
}

/// The growth section: the exponent, the sizes measured, the smallest failing size and the
/// judge's largest.
fn write_growth(text: &mut String, growth: &Curve, problem: Problem) {
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
        None => write_wrapped(
            text,
            &format!(
                "Its {noun} could not be measured below the smallest failing size: it does not grow enough over the smallest input's."
            ),
        ),
    }
    let measured = |value: f64| resource.show_measured(value, growth.baseline);
    let shown: Vec<String> = growth
        .points
        .iter()
        .rev()
        .map(|&(size, value)| format!("{} at {}", measured(value), with_commas(size)))
        .collect();
    write_wrapped(
        text,
        &format!(
            "Measured: {} {units} ({} for the smallest input).",
            shown.join(", "),
            resource.show_measured(growth.baseline, 0.0)
        ),
    );
    let at = |run: Measured| {
        let value = resource.show(run.value);
        let measured = match run.stopped_at.map(Resource::stopped_by) {
            None => value,
            Some(limit) if limit == Some(resource) => format!("over {value} (stopped)"),
            // A memory hog that pages slowly can reach the time limit first, say.
            Some(limit) => {
                let noun = limit.map_or("output", Resource::noun);
                format!("{value} when stopped at the {noun} limit")
            }
        };
        let expected = growth
            .fit
            .filter(|_| run.stopped_at.is_some())
            .map(|fit| format!(", about {} by the fit", resource.show(fit.at(run.size))))
            .unwrap_or_default();
        format!("{} {units}: {measured}{expected}", with_commas(run.size))
    };
    if let Some(check) = growth.stopped_check {
        write_wrapped(
            text,
            &format!("Checked at {}, with six times the limits.", at(check)),
        );
    }
    write_wrapped(
        text,
        &format!(
            "The smallest failing size of the family \"{}\" is {}; at {}.",
            growth.family.name(),
            at(growth.smallest_failing),
            at(growth.largest)
        ),
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
