//! What `atcoder-games check` prints: a pass with its margins, or a failure: the smallest failing
//! input, how it fails, and what helps to see why: where the answers differ and the right game,
//! the end of what the program printed when it crashed, how its time or memory grows, an
//! interactive program's dialogue, and where the case is saved. Whatever the size of the input, no section is longer than
//! [`SECTION_LINES`], no line longer than about [`LINE_WIDTH`] characters, and the whole no larger
//! than [`MOST_BYTES`]; each says how much it left out.

mod dialogue;
mod failure;
mod growth;

use crate::build::BuildError;
use crate::error::Helper;
use crate::findings::{Caught, HelperFailed, Judging, PRINTED_FIRST, Pass, StartUp};
use crate::format::{
    bounded, counted, mebibytes, seconds, shell_line, shell_quoted, with_commas, write_command,
    write_some, write_wrapped,
};
use crate::input::Input;
use crate::judge::Failure;
use crate::problem::{JudgedBy, Problem, Units};
use crate::search::{Case, Peak};
use crate::setup::{NotBuilt, Setup};
use dialogue::{
    write_dialogue, write_interactor_words, write_same_check, write_saved_dialogue, write_stuck,
};
use failure::{
    oj_line, shows_input, verdict_in_words, write_crash, write_diagnosis, write_input_section,
    write_saved, write_stderr, write_undiagnosed, write_wrong_answer,
};
use growth::{close_call, write_growth};
use std::fmt::Write;
use std::path::Path;

/// The most lines of any section of the report.
pub const SECTION_LINES: usize = 40;

/// Differing lines of a wrong answer shown.
pub const SHOWN_DIFFERENCES: usize = 10;

/// The most lines of a crashed program's stderr shown: those that hold the cause.
pub const SHOWN_STDERR: usize = 30;

/// The most bytes of a report.
pub const MOST_BYTES: usize = 16 * 1024;

/// Room kept at the end of a report, out of [`MOST_BYTES`], for the lines that say where the case
/// is saved.
const ROOM_FOR_THE_END: usize = 1024;

/// The most lines of a compiler's message shown.
const SHOWN_COMPILER: usize = 20;

/// A pass whose slowest run took more than this share of the time limit gets a warning.
const NEAR_THE_LIMIT: f64 = 0.8;

/// The line that says the times shown are scaled.
fn time_factor_line(factor: f64) -> String {
    format!(
        "Times are this machine's divided by {factor} (--time-factor), as the judge's would be."
    )
}

/// The name of sample `number` (from 1) of `problem`: `official sample 2`.
fn sample_name(problem: &dyn Problem, number: usize) -> String {
    let sample = problem.samples().get(number - 1);
    sample.map_or_else(|| format!("sample {number}"), |sample| sample.name.clone())
}

/// Where a case of `problem` comes from, in a few words: `official sample 2`, `case 7`, `the
/// family "chain"`.
fn case_name(case: Case, problem: &dyn Problem) -> String {
    match case {
        Case::ToShrink => "the input given to shrink".to_string(),
        Case::Sample(number) => sample_name(problem, number),
        Case::Random(case) => format!("case {}", case + 1),
        Case::Family(family) => format!("the family \"{}\"", family.name()),
        Case::Largest(seed) => {
            format!("{}'s largest input (seed {seed})", problem.inputs_made_by())
        }
    }
}

/// The paragraph that says what judged the answers of the cases that ran, way by way, for a
/// problem whose report says so ([`Problem::says_how_it_judged`]): none where no case ran.
fn judging_line(problem: &dyn Problem, judging: &Judging) -> Option<String> {
    let size = problem.units().of(problem.largest_size());
    let (input, inputs) = (format!("input of {size}"), format!("inputs of {size}"));
    let kinds = [
        (
            &judging.to_shrink,
            "input given to shrink",
            "inputs given to shrink",
        ),
        (&judging.samples, "sample", "samples"),
        (&judging.cases, "case", "cases"),
        (&judging.largest, input.as_str(), inputs.as_str()),
    ];
    let ways = [
        (JudgedBy::SampleAnswer, "against their own answers"),
        (JudgedBy::Reference, "against the reference's answers"),
        (
            JudgedBy::CheckerAlone,
            "by the checker alone, the reference giving no answer in its time",
        ),
        (
            JudgedBy::LimitsAlone,
            "on time, memory, crashes and output alone, the reference giving no answer in its time",
        ),
        (
            JudgedBy::Interactor,
            "by the interactor, in dialogue with the program",
        ),
    ];
    let parts: Vec<String> = ways
        .iter()
        .filter_map(|&(way, how)| {
            let counts: Vec<String> = (kinds.iter())
                .filter_map(|(counts, one, many)| {
                    let count = *counts.get(&way)?;
                    Some(counted(count, one, many))
                })
                .collect();
            (!counts.is_empty()).then(|| format!("{how}, {}", counts.join(", ")))
        })
        .collect();
    (problem.says_how_it_judged() && !parts.is_empty())
        .then(|| format!("Answers judged {}.", parts.join("; ")))
}

/// The report of a check that passed: the samples, cases and families run, the largest random
/// input, the time it took, and the margins: the slowest run and the largest memory, with how
/// close each came to its limit and where.
pub fn passed(setup: &Setup, passed: &Pass) -> String {
    let problem = &*setup.problem;
    let units = problem.units();
    let samples = problem.samples();
    let official = samples
        .iter()
        .all(|sample| sample.name.starts_with("official"));
    let samples = match (samples.len(), official) {
        (0, _) => String::new(),
        (count, true) => format!("the {count} official samples, "),
        (count, false) => format!("the {}, ", counted(count, "sample", "samples")),
    };
    let largest_size = units.of(problem.largest_size());
    let families = match (problem.families().len(), problem.largest_cases(0).len()) {
        (0, 0) => String::new(),
        (0, count) => format!(
            ", and {}'s {} of {largest_size}",
            problem.inputs_made_by(),
            counted(count, "input", "inputs")
        ),
        (count, _) => format!(", and {count} worst-case families of {largest_size}"),
    };
    let mut text = String::new();
    write_wrapped(
        &mut text,
        &format!(
            "check: {} passed {samples}all {} of {}, up to {}{families} (seed {}), in {:.1} s, {}.",
            setup.program,
            counted(setup.cases, "case", "cases"),
            problem.name(),
            units.of(passed.largest),
            setup.seed,
            passed.elapsed.as_secs_f64(),
            at_a_time(setup.jobs, passed.forked),
        ),
    );
    write_margins(&mut text, setup, passed);
    if setup.time_factor != 1.0 {
        write_wrapped(&mut text, &time_factor_line(setup.time_factor));
    }
    if let Some(start_up) = &passed.start_up {
        write_start_up(&mut text, start_up);
    }
    if let Some(judged) = judging_line(problem, &passed.judging) {
        write_wrapped(&mut text, &judged);
    }
    for note in problem.notes() {
        write_wrapped(&mut text, &note);
    }
    write_built(&mut text, setup);
    bounded(&text, MOST_BYTES)
}

/// The margins of a pass: its slowest run and its largest memory, each with how close it came to
/// its limit, and where; and a warning if the slowest came near the time limit.
fn write_margins(text: &mut String, setup: &Setup, passed: &Pass) {
    let problem = &*setup.problem;
    let units = problem.units();
    let margins = &passed.margins;
    let margin = |peak: &Option<Peak>, limit: f64, show: fn(f64) -> String| {
        peak.as_ref().map(|peak| {
            let share = (peak.value / limit * 100.0).round();
            // A user's sample has no SIZE; its name says which it is.
            let size = match (peak.case, units == Units::SIZE) {
                (Case::Sample(_), true) => String::new(),
                _ => format!(" ({})", units.of(peak.size)),
            };
            format!(
                "{} at {}{size}, {share:.0} % of the {} limit",
                show(peak.value),
                case_name(peak.case, problem),
                show(limit)
            )
        })
    };
    let limits = setup.limits;
    let slowest = margin(&margins.slowest, limits.time.as_secs_f64(), seconds);
    let memory = margin(&margins.largest_memory, limits.memory as f64, mebibytes);
    if let (Some(slowest), Some(memory)) = (slowest, memory) {
        write_wrapped(
            text,
            &format!("Slowest run: {slowest}. Largest memory: {memory}."),
        );
    }
    let limit = limits.time.as_secs_f64();
    if let Some(slowest) = &margins.slowest
        && slowest.value > limit * NEAR_THE_LIMIT
    {
        write_wrapped(
            text,
            &format!(
                "Warning: its slowest run took {:.0} % of the time limit, where a slower judge machine or a heavier test may take it over.",
                slowest.value / limit * 100.0
            ),
        );
    }
}

/// What a start-up that dominates every run costs, and what it is made of where that is known,
/// with the command that shows more on a line of its own.
fn write_start_up(text: &mut String, start_up: &StartUp) {
    let share = start_up.least.as_secs_f64() * start_up.runs as f64 / start_up.total.as_secs_f64();
    let made_of = (start_up.made_of.as_ref())
        .map_or(String::new(), |made_of| format!(" {}", made_of.sentence));
    write_wrapped(
        text,
        &format!(
            "Start-up: every run took at least {:.0} ms, {:.0} % of the {} runs' {:.1} s: the program starting, not solving.{made_of}",
            start_up.least.as_secs_f64() * 1000.0,
            (share * 100.0).min(100.0),
            with_commas(start_up.runs),
            start_up.total.as_secs_f64(),
        ),
    );
    if let Some(command) = start_up
        .made_of
        .as_ref()
        .and_then(|made_of| made_of.command.as_ref())
    {
        write_command(text, command);
    }
}

/// How the program was built and runs, if it was a source: as AtCoder builds its language, with
/// the command that built it and the one that runs it, each on a line of its own; and the helpers'
/// languages, in one line, where any was a source.
fn write_built(text: &mut String, setup: &Setup) {
    let program = setup.built.iter().find(|(who, _)| who == "the program");
    if let Some((_, built)) = program {
        let mut how = vec![format!("{} here", built.version)];
        if built.cached {
            how.push("built before, kept".to_string());
        }
        if !built.dropped.is_empty() {
            let dropped = built.dropped.join(" ");
            how.push(format!("the judge's {dropped} left out, unknown here"));
        }
        let how = how.join("; ");
        let language = built.language;
        match &built.build {
            Some(build) => {
                write_wrapped(
                    text,
                    &format!("\nThe program was built as AtCoder builds {language} ({how}):"),
                );
                write_command(text, build);
                let _ = writeln!(text, "and runs as:");
            }
            None => write_wrapped(
                text,
                &format!("\nThe program runs as AtCoder runs {language} ({how}):"),
            ),
        }
        write_command(text, &shell_line(&built.command));
    }
    let helpers: Vec<String> = (setup.built.iter())
        .filter(|(who, _)| who != "the program")
        .map(|(who, built)| format!("{who} as {}", built.language))
        .collect();
    if !helpers.is_empty() {
        write_wrapped(
            text,
            &format!(
                "\nThe helpers' sources were built as AtCoder builds them: {}.",
                helpers.join(", ")
            ),
        );
    }
}

/// The report of a source that does not compile (`not_built`): the program's, a compilation
/// error (CE), or a helper's; nothing was run. The compiler's first lines, and the command that
/// built it.
pub fn not_built(not_built: &NotBuilt) -> String {
    let NotBuilt {
        name: problem,
        helper,
        source,
        error,
    } = not_built;
    let shown = shell_quoted(&source.display().to_string());
    let mut text = String::new();
    let heading = match helper {
        None => {
            format!("check: {shown} gives a compilation error (CE) on {problem}: nothing was run.")
        }
        Some(helper) => format!(
            "check: the {} does not compile ({shown}); nothing was run.",
            helper.name()
        ),
    };
    write_wrapped(&mut text, &heading);
    if let BuildError::Compile {
        command,
        version,
        output,
    } = error
    {
        let lines: Vec<&str> = output.lines().collect();
        let which = match lines.len() > SHOWN_COMPILER {
            true => format!(" (the first {SHOWN_COMPILER} of {} lines)", lines.len()),
            false => String::new(),
        };
        let _ = writeln!(text, "\nWhat the compiler said{which}:");
        write_some(
            &mut text,
            lines.into_iter(),
            SHOWN_COMPILER,
            "  ",
            "more lines",
        );
        write_wrapped(
            &mut text,
            &format!("\nThe command, as AtCoder builds it ({version} here):"),
        );
        write_command(&mut text, command);
    }
    bounded(&text, MOST_BYTES)
}

/// The report of a check whose helper failed, which says nothing of the program: which helper,
/// how, what reproduces it, and the lines of its stderr that hold the cause.
pub fn helper_failed(setup: &Setup, failed: &HelperFailed) -> String {
    let failure = &failed.failure;
    let mut text = String::new();
    write_wrapped(
        &mut text,
        &format!(
            "check: the {} {}; nothing is said of {} on {}.",
            failure.helper.name(),
            failure.what,
            setup.program,
            setup.problem.name()
        ),
    );
    if let Some((size, seed)) = failure.generated {
        write_wrapped(
            &mut text,
            &format!(
                "It was asked for size {} with seed {seed}.",
                with_commas(size)
            ),
        );
    }
    let _ = writeln!(text, "\nTo run it again:");
    match (&failed.saved, failure.helper) {
        // An interactor reads its input as a file, and talks with the program.
        (Some(path), Helper::Interactor) => write_same_check(&mut text, setup, path),
        (Some(path), _) => write_command(
            &mut text,
            &format!(
                "{} < {}",
                failure.command,
                shell_quoted(&path.display().to_string())
            ),
        ),
        (None, _) => write_command(&mut text, &failure.command),
    }
    write_stderr(&mut text, &failure.stderr, None);
    bounded(&text, MOST_BYTES)
}

/// The report of a check that caught the program failing (`caught`), as `setup` ran it: the
/// verdict, the failing input, the diagnosis, the section of its kind of failure, and where the
/// case is saved.
pub fn report(setup: &Setup, caught: &Caught) -> String {
    let mut text = String::new();
    write_heading(&mut text, setup, caught);
    write_input_section(&mut text, setup, &caught.found);
    match &caught.diagnosis {
        Some(Ok(diagnosis)) => {
            let input = shows_input(&caught.found).then_some(&caught.found.input);
            write_diagnosis(&mut text, diagnosis, input);
        }
        Some(Err(undiagnosed)) => write_undiagnosed(&mut text, *undiagnosed),
        None => {}
    }
    write_failure_section(&mut text, setup, caught);
    write_notes(&mut text, setup, caught);
    // Where the case is saved comes last, in room kept for it.
    let mut text = bounded(&text, MOST_BYTES - ROOM_FOR_THE_END);
    text.push_str(&bounded(&where_saved(setup, caught), ROOM_FOR_THE_END));
    text
}

/// The verdict in words, on a sample if it was one; the time factor, if not 1; how long the
/// search took, and how many runs at a time.
fn write_heading(text: &mut String, setup: &Setup, caught: &Caught) {
    let found = &caught.found;
    let how = verdict_in_words(&found.failure, &setup.limits);
    let sample = match found.case {
        Case::Sample(number) => format!(": it fails {}", sample_name(&*setup.problem, number)),
        _ => String::new(),
    };
    write_wrapped(
        text,
        &format!(
            "check: {} gives {how} on {}{sample}.",
            setup.program,
            setup.problem.name()
        ),
    );
    if setup.time_factor != 1.0 {
        write_wrapped(text, &time_factor_line(setup.time_factor));
    }
    let (elapsed, jobs) = (
        caught.elapsed.as_secs_f64(),
        at_a_time(setup.jobs, caught.forked),
    );
    write_wrapped(text, &format!("Found in {elapsed:.1} s, {jobs}."));
    let _ = writeln!(text);
}

/// The section of the kind of failure: the interactor's words, the answers that differ, the
/// stuck dialogue, the crash, or the limit; then the dialogue, for an interactive problem.
fn write_failure_section(text: &mut String, setup: &Setup, caught: &Caught) {
    let transcript = caught.transcript.as_deref();
    match &caught.found.failure {
        Failure::WrongAnswer { message, .. } if transcript.is_some() => {
            write_interactor_words(text, message);
        }
        Failure::WrongAnswer {
            message,
            expected,
            actual,
        } => write_wrong_answer(text, &*setup.problem, caught, (expected, actual, message)),
        Failure::Stuck { late } => {
            write_stuck(text, setup, late, transcript.unwrap_or_default());
        }
        Failure::Crash {
            stderr, too_deep, ..
        } => write_crash(text, setup, caught, (stderr, *too_deep)),
        Failure::TimeLimit { .. } | Failure::MemoryLimit { .. } | Failure::OutputLimit { .. } => {
            write_limit(text, setup, caught);
        }
    }
    if let Some(transcript) = transcript {
        write_dialogue(text, transcript, caught.saved.as_ref());
    }
}

/// What else the reader should know: a failure that did not repeat, the start-up, how the
/// answers were judged, the problem's notes, and what was built.
fn write_notes(text: &mut String, setup: &Setup, caught: &Caught) {
    let problem = &*setup.problem;
    if !caught.repeats {
        write_wrapped(
            text,
            "\nRun once more, the smallest failing input passed: the program may draw random numbers, and this failure may not reproduce. Give it a fixed seed, where it reads one.",
        );
    }
    if let Some(start_up) = &caught.start_up {
        let _ = writeln!(text);
        write_start_up(text, start_up);
    }
    if let Some(judged) = judging_line(problem, &caught.judging) {
        write_wrapped(text, &format!("\n{judged}"));
    }
    for note in problem.notes() {
        write_wrapped(text, &format!("\n{note}"));
    }
    write_built(text, setup);
}

/// Where the case is saved, and its game's page.
fn where_saved(setup: &Setup, caught: &Caught) -> String {
    let found = &caught.found;
    let mut end = String::new();
    match &caught.saved {
        Some(saved) if setup.problem.interactive() => write_saved_dialogue(&mut end, setup, saved),
        Some(saved) => write_saved(&mut end, saved, &oj_line(setup, found, saved)),
        None => {}
    }
    match &caught.page {
        Some(Ok(path)) => {
            let opened = match found.failure {
                Failure::WrongAnswer { .. } => "opened where the answers first differ",
                _ => "of the failing input",
            };
            let path = shell_quoted(&path.display().to_string());
            write_wrapped(&mut end, &format!("The game's page, {opened}: {path}"));
        }
        Some(Err(why)) => write_wrapped(&mut end, &format!("No page: {why}.")),
        None => {}
    }
    end
}

/// The section of a time, memory or output limit: what it printed first, if too much, and how
/// its time or memory grows, with whether that is a close call.
fn write_limit(text: &mut String, setup: &Setup, caught: &Caught) {
    if !caught.printed_first.is_empty() {
        let _ = writeln!(text, "\nWhat it printed first:");
        let lines = caught.printed_first.iter().map(String::as_str);
        write_some(text, lines, PRINTED_FIRST, "  ", "more lines");
    }
    if let Some(growth) = &caught.growth {
        write_growth(
            text,
            growth,
            setup.problem.units(),
            setup.problem.inputs_made_by(),
        );
        if let Some(advice) = close_call(growth, setup) {
            write_wrapped(text, &format!("\n{advice}"));
        }
    }
}

/// How many runs went at once (`--jobs`), and how many of them a forkserver forked, in words.
fn at_a_time(jobs: usize, forked: usize) -> String {
    let at_a_time = format!("{} at a time", counted(jobs, "run", "runs"));
    match forked {
        0 => at_a_time,
        forked => format!(
            "{at_a_time}, {} forked from one started interpreter rather than started anew",
            counted(forked, "run", "runs")
        ),
    }
}

/// The smallest failing input a check stopped while shrinking had found, and where it was saved.
pub struct SmallestSoFar<'a> {
    pub input: &'a Input,
    pub path: &'a Path,
}

/// The lines that Ctrl-C prints: where the check was (`stage`) with its `seed`, the smallest
/// failing input so far if it was shrinking (`smallest`), at most [`SHOWN_STDERR`] lines of it,
/// and the commands that go on shrinking it (`resume`) and run the check again (`repeat`).
pub fn interrupted(
    stage: &str,
    seed: u64,
    smallest: Option<SmallestSoFar>,
    resume: &str,
    repeat: &str,
) -> String {
    let mut text = String::new();
    write_wrapped(
        &mut text,
        &format!("check: interrupted {stage} (seed {seed}); the program under test was stopped."),
    );
    if let Some(SmallestSoFar { input, path }) = smallest {
        let size = input.describe_size();
        write_wrapped(
            &mut text,
            &format!("The smallest failing input so far ({size}):"),
        );
        write_some(
            &mut text,
            input.text().lines(),
            SHOWN_STDERR,
            "",
            "more lines",
        );
        let saved = format!("It is saved as {}. To go on shrinking it:", path.display());
        write_wrapped(&mut text, &saved);
        write_command(&mut text, resume);
    }
    text.push_str("To run the same check again:\n");
    write_command(&mut text, repeat);
    bounded(&text, MOST_BYTES)
}
