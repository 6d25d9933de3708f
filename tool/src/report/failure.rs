//! The sections of a failure's report: the failing input and where it comes from, the verdict in
//! words, where a wrong answer differs and the right game, a crash's cause, the diagnosis, and
//! where the case is saved, with the command that runs it again.

use super::{SECTION_LINES, SHOWN_DIFFERENCES, SHOWN_STDERR, Setup, sample_name};
use crate::family::Family;
use crate::findings::{Caught, SavedCase};
use crate::format::{
    LINE_WIDTH, capitalized, counted, mebibytes, seconds, seconds_beside, shell_quoted,
    with_commas, wrapped, write_command, write_some, write_wrapped,
};
use crate::input::Input;
use crate::judge::{Failure, Limits, NearMiss, TooDeep, near_miss};
use crate::mistake::Mistake;
use crate::problem::Problem;
use crate::search::{Case, DIAGNOSIS_CASES, Diagnosis, Found, Undiagnosed, hangs};
use crate::setup::PRINTED;
use std::fmt::Write;
use std::path::Path;
use std::time::Duration;

/// How many of the lines of the report's first section say where the failing input comes from,
/// before the input itself.
fn lines_before_the_input(found: &Found) -> usize {
    match found.case {
        Case::ToShrink | Case::Sample(_) | Case::Random(_) | Case::Largest(_) => 1,
        Case::Family(family) => wrapped(&family_line(family)).len() + 1,
    }
}

/// The line that introduces a family: its name and what it stresses.
fn family_line(family: Family) -> String {
    format!("The family \"{}\": {}", family.name(), family.description())
}

/// An input of at most this many lines, none longer than a line of the report, is always shown.
const SHORT_INPUT_LINES: usize = 20;

/// Whether the report shows `found`'s input: for a wrong answer or a crash, where the words or
/// rounds are what to look at, and whatever the verdict where it fits in [`SHORT_INPUT_LINES`]
/// lines. A large input that ran too slow or too large, printed too much, or overflowed the
/// stack, is about its size and family, which the report names.
pub(super) fn shows_input(found: &Found) -> bool {
    let text = found.input.text();
    let short = text.lines().count() <= SHORT_INPUT_LINES
        && text.lines().all(|line| line.chars().count() <= LINE_WIDTH);
    match found.failure {
        _ if short => true,
        Failure::WrongAnswer { .. } => true,
        // A stack that overflows on a large input is about its size, as a time-out is.
        Failure::Crash { too_deep, .. } => {
            too_deep.is_none() || found.input.size() <= SECTION_LINES
        }
        _ => hangs(&found.failure, &found.input),
    }
}

/// `failure` in words, after "gives".
pub(super) fn verdict_in_words(failure: &Failure, limits: &Limits) -> String {
    let limit = limits.time.as_secs_f64();
    let time = |time: &Duration| seconds_beside(time.as_secs_f64(), limit);
    let verdict = failure.verdict();
    let (name, short) = (verdict.name(), verdict.abbreviation());
    let limit = seconds(limit);
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
            mebibytes(limits.memory as f64)
        ),
        Failure::OutputLimit { limit } => format!(
            "{name} ({short}): it printed more than {}",
            mebibytes(*limit as f64)
        ),
        Failure::Stuck { .. } => {
            format!("{name} ({short}): the dialogue got stuck")
        }
    }
}

/// The section of the failing input: where it comes from, and the input itself when it is worth
/// reading (else its size), in at most [`SECTION_LINES`] lines.
pub(super) fn write_input_section(text: &mut String, setup: &Setup, found: &Found) {
    let input = &found.input;
    let text_input = matches!(input, Input::Text(_));
    // A user's input made by their generator says the seed that makes it again.
    let units = match (text_input, found.origin) {
        (true, Some(origin)) if !found.cut_down => {
            format!("{}, seed {}", input.describe_size(), origin.seed)
        }
        _ => input.describe_size(),
    };
    let maker = setup.problem.inputs_made_by();
    let how = match (found.bisected, found.cut_down, text_input) {
        (false, _, _) => "shrunk".to_string(),
        (true, false, false) => "bisected".to_string(),
        (true, true, false) => "bisected, then cut down,".to_string(),
        (true, false, true) => format!("shrunk through {maker}"),
        (true, true, true) => format!(
            "shrunk through {maker}, then {},",
            setup.problem.cut_down_by()
        ),
    };
    let tries = counted(found.shrink_steps, "try", "tries");
    let first = found.first.describe_size();
    // A user's input is made again from the seed of its generator; a built-in's from the check's.
    let seed = match (text_input, found.first_origin) {
        (true, Some(origin)) => origin.seed,
        _ => setup.seed,
    };
    // The input's size beside its name, then the input; or its size alone, after a colon.
    let shown = shows_input(found);
    let name = |name: &str| match shown {
        true => format!("{name} ({units})"),
        false => format!("{name}: {units}"),
    };
    let heading = match found.case {
        Case::ToShrink => format!(
            "{}, {how} from the input given to shrink ({first}) after {tries}",
            name("Smallest failing input")
        ),
        Case::Sample(number) => name(&capitalized(&sample_name(&*setup.problem, number))),
        Case::Random(case) => format!(
            "{}, {how} from case {} of {} ({first}, seed {seed}) after {tries}",
            name("Smallest failing input"),
            case + 1,
            setup.cases,
        ),
        Case::Family(family) => {
            write_wrapped(text, &family_line(family));
            format!(
                "{}, {how} from {first} of it (seed {seed}) after {tries}",
                name("Smallest failing input")
            )
        }
        Case::Largest(_) => format!(
            "{}, {how} from {maker}'s input of {first} (seed {seed}) after {tries}",
            name("Smallest failing input")
        ),
    };
    if shown {
        write_wrapped(text, &format!("{heading}:"));
        let room = SECTION_LINES - lines_before_the_input(found);
        write_some(text, input.text().lines(), room, "", "more lines");
    } else {
        write_wrapped(text, &format!("{heading}."));
    }
    // A sample is never shrunk: only a case found by the search is said not to be.
    if hangs(&found.failure, input) && !matches!(found.case, Case::Sample(_)) {
        write_wrapped(
            text,
            &format!(
                "\nIt hangs on so small an input ({units}): not shrunk further, where each try would wait for the time limit."
            ),
        );
    }
}

/// The section of a wrong answer: where the answers differ, a near miss (letter case,
/// whitespace), what the checker said, and the right games.
pub(super) fn write_wrong_answer(
    text: &mut String,
    problem: &dyn Problem,
    caught: &Caught,
    (expected, actual, message): (&str, &str, &Option<String>),
) {
    let input = &caught.found.input;
    let _ = writeln!(
        text,
        "\nWhere the answers differ (expected: {}):",
        problem.answered_by(input)
    );
    let lines = caught.differences.iter().map(|(line, wanted, got)| {
        match problem.line_label(input, *line) {
            Some(label) => format!("{label}: expected {wanted}, got {got}"),
            None => format!("expected {wanted}, got {got}"),
        }
    });
    let lines: Vec<String> = lines.collect();
    write_some(
        text,
        lines.iter().map(String::as_str),
        SHOWN_DIFFERENCES,
        "  ",
        "more",
    );
    let near = match near_miss(expected, actual) {
        _ if message.is_some() => None,
        Some(NearMiss::LetterCase) => Some(
            "The answers differ only in letter case: the judge compares them exactly, and a name or a word spelled in other case is wrong.",
        ),
        Some(NearMiss::Whitespace) => Some(
            "The answers differ only in whitespace: the judge forgives spaces at the end of a line and blank lines at the end, not spaces or line breaks between words, nor before them.",
        ),
        Some(NearMiss::Precision) => Some(
            "The answers differ only past the ninth significant digit of a number: where the problem accepts an error (\"absolute or relative error at most 10^-6\", say), give it with --tolerance, as oj's -e.",
        ),
        None => None,
    };
    if let Some(near) = near {
        write_wrapped(text, &format!("\n{near}"));
    }
    if let Some(message) = message {
        let _ = writeln!(text, "\nThe checker says:");
        write_some(text, message.lines(), SECTION_LINES, "  ", "more lines");
    }
    // The command reads the saved input, so that it runs as printed.
    let input = caught.saved.as_ref().map(|saved| {
        format!(
            " < {}",
            shell_quoted(&saved.path("in").display().to_string())
        )
    });
    for game in &caught.games {
        let input = input.as_deref().unwrap_or_default();
        // The section keeps room for its heading and the two lines of the command.
        let _ = writeln!(text, "\nThe right game:");
        write_some(
            text,
            game.game.lines(),
            SECTION_LINES - 3,
            "  ",
            "more lines",
        );
        let _ = writeln!(text, "To play it again:");
        write_command(text, &format!("{}{input}", game.command));
    }
}

/// The section of a crash: why, where a recursion went too deep, and what it printed on stderr.
pub(super) fn write_crash(
    text: &mut String,
    setup: &Setup,
    caught: &Caught,
    (stderr, too_deep): (&str, Option<TooDeep>),
) {
    let stack = mebibytes(setup.limits.stack as f64);
    let why = match too_deep {
        Some(TooDeep::Stack) => format!(
            "Its stack overflowed: it reached the limit of {stack} (--stack; the judge's is 1024 MiB). The recursion may be too deep, or endless."
        ),
        Some(TooDeep::RecursionLimit) => "Python's recursion limit stopped it: 1,000 frames, as on the judge, unless the program raises it with sys.setrecursionlimit.".to_string(),
        None => String::new(),
    };
    if !why.is_empty() {
        write_wrapped(text, &format!("\n{why}"));
    }
    let saved = caught.saved.as_ref().map(|saved| saved.path("stderr"));
    write_stderr(text, stderr, saved.as_deref());
}

/// The block that names the mistakes a wrong answer matches, or says it matches none; `shown` is
/// the input the report shows already, if it does.
pub(super) fn write_diagnosis(text: &mut String, diagnosis: &Diagnosis, shown: Option<&Input>) {
    let compared = format!(
        "{} compared ({} failing, {} right)",
        counted(diagnosis.failing + diagnosis.right, "case", "cases"),
        diagnosis.failing,
        diagnosis.right
    );
    let _ = writeln!(text);
    let (first, rest) = match diagnosis.mistakes.split_first() {
        Some(split) => split,
        None => {
            write_wrapped(
                text,
                &format!(
                    "The failure matches no known mistake: none of those of the editorial's common mistakes answers as the program does on the {compared}."
                ),
            );
            return;
        }
    };
    let named = |mistake: &Mistake| {
        format!(
            "{} — {} ({})",
            mistake.id,
            mistake.sentence,
            mistake.section.citation()
        )
    };
    let heading = if rest.is_empty() {
        "Likely mistake"
    } else {
        "Likely mistakes"
    };
    write_wrapped(text, &format!("{heading}: {}", named(first)));
    for mistake in rest {
        write_wrapped(text, &format!("Or: {}", named(mistake)));
    }
    let plainest = &diagnosis.plainest;
    if shown == Some(plainest) {
        write_wrapped(
            text,
            &format!(
                "Its answers are the program's on all {compared}; it shows most plainly on the input above."
            ),
        );
        return;
    }
    write_wrapped(
        text,
        &format!(
            "Its answers are the program's on all {compared}; it shows most plainly on {}:",
            plainest.describe_size()
        ),
    );
    let lines = plainest.text();
    write_some(text, lines.lines(), SECTION_LINES / 2, "  ", "more lines");
}

/// The line that says why no mistake could be named, for a problem that has a catalogue.
pub(super) fn write_undiagnosed(text: &mut String, undiagnosed: Undiagnosed) {
    let why = match undiagnosed {
        Undiagnosed::NoCatalogue => return,
        Undiagnosed::Unrunnable => "it crashed or ran out of time or memory on a small input, which none of the editorial's common mistakes does".to_string(),
        Undiagnosed::TooFew { failing, right } => {
            let (kind, count) = match failing < DIAGNOSIS_CASES {
                true => ("failing", failing),
                false => ("right", right),
            };
            let some = match count {
                0 => format!("none was {kind}"),
                1 => format!("only 1 was {kind}"),
                _ => format!("only {count} were {kind}"),
            };
            format!(
                "of the {} compared, {some}, and a mistake is told by where the program is right as much as by where it fails",
                counted(failing + right, "small case", "small cases"),
            )
        }
    };
    let _ = writeln!(text);
    write_wrapped(text, &format!("No mistake could be named: {why}."));
}

/// The oj command that judges the saved case as the check did, in two parts where it is too long
/// for a line: the program's command, how its answers are compared, the time limit in this
/// machine's time (`--time-factor`) and the memory limit; for a stack overflow, in a subshell
/// with the stack the check gave (`ulimit -s`, in KiB), which makes it overflow there too.
pub(super) fn oj_line(setup: &Setup, found: &Found, saved: &SavedCase) -> (String, String) {
    let seconds = setup.limits.time.as_secs_f64() * setup.time_factor;
    let seconds = (seconds * 1000.0).round() / 1000.0;
    let megabytes = setup.limits.memory / (1 << 20);
    let folder = shell_quoted(&saved.folder.display().to_string());
    let head = format!(
        "oj t -c {}{}",
        shell_quoted(&setup.command_line()),
        setup.problem.oj_options()
    );
    let tail = format!("-d {folder} --tle {seconds} --mle {megabytes}");
    let overflow = matches!(
        found.failure,
        Failure::Crash {
            too_deep: Some(TooDeep::Stack),
            ..
        }
    );
    match overflow {
        true => (
            format!("(ulimit -s {} && {head}", setup.limits.stack / 1024),
            format!("{tail})"),
        ),
        false => (head, tail),
    }
}

/// Where the failing case is saved, and how to run it again with oj: `rerun`, the command in two
/// parts, on one line where it fits.
pub(super) fn write_saved(text: &mut String, saved: &SavedCase, rerun: &(String, String)) {
    let folder = shell_quoted(&saved.folder.display().to_string());
    let case = match saved.answered {
        true => format!(
            "{}, {} (the right answer)",
            shell_quoted(&saved.file("in")),
            shell_quoted(&saved.file("out"))
        ),
        false => format!(
            "{} (with no right answer, which the reference gave none of in its time: oj runs it without judging its answer)",
            shell_quoted(&saved.file("in"))
        ),
    };
    write_wrapped(
        text,
        &format!(
            "\nSaved for oj in {folder}: {case}, and what the program printed, in {PRINTED}/. To run it again:"
        ),
    );
    let (head, tail) = rerun;
    let line = format!("  {head} {tail}");
    match line.chars().count() <= LINE_WIDTH {
        true => write_command(text, &format!("{head} {tail}")),
        // Continued on a line of its own, as a shell reads it.
        false => {
            write_command(text, &format!("{head} \\"));
            write_command(text, &format!("  {tail}"));
        }
    }
}

/// The lines of a crashed program's stderr that hold the cause, at most [`SHOWN_STDERR`]: a
/// sanitizer's report from its error to its summary (not the legend that follows), or else the
/// last lines, where panics and tracebacks put it.
fn cause_lines<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let error = lines
        .iter()
        .position(|line| line.contains("ERROR: ") && line.starts_with("=="));
    let summary = lines.iter().position(|line| line.starts_with("SUMMARY: "));
    let report = match (error, summary) {
        (Some(error), Some(summary)) if error < summary => &lines[error..=summary],
        _ => &lines[lines.len().saturating_sub(SHOWN_STDERR)..],
    };
    match report.len() > SHOWN_STDERR {
        // The error and the frames nearest it, and the summary.
        true => {
            let mut kept = report[..SHOWN_STDERR - 2].to_vec();
            kept.extend(["...", report[report.len() - 1]]);
            kept
        }
        false => report.to_vec(),
    }
}

/// What a crashed program printed on stderr, if anything: the lines that hold the cause
/// ([`cause_lines`]); all of it is in `saved`.
pub(super) fn write_stderr(text: &mut String, stderr: &str, saved: Option<&Path>) {
    let lines: Vec<&str> = stderr.trim_matches('\n').lines().collect();
    if lines.is_empty() {
        return;
    }
    let shown = cause_lines(&lines);
    let which = match (shown.len() < lines.len(), saved) {
        (true, Some(path)) => format!(
            " ({} of its {} lines; all of them in {})",
            shown.len(),
            with_commas(lines.len()),
            shell_quoted(&path.display().to_string())
        ),
        (true, None) => format!(
            " ({} of its {} lines)",
            shown.len(),
            with_commas(lines.len())
        ),
        (false, _) => String::new(),
    };
    let _ = writeln!(text, "\nWhat it printed on stderr{which}:");
    write_some(text, shown.into_iter(), usize::MAX, "  ", "");
}
