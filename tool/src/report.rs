//! What `atcoder-games check` prints: a pass with its margins, or a failure: the smallest failing
//! input, how it fails, and what helps to see why: where the answers differ and the right game,
//! the end of what the program printed when it crashed, how its time or memory grows, and where
//! the case is saved. Whatever the size of the input, no section is longer than
//! [`SECTION_LINES`], no line longer than about [`LINE_WIDTH`] characters, and the whole no larger
//! than [`MOST_BYTES`]; each says how much it left out.

use crate::build::BuildError;
use crate::family::{Family, Origin};
use crate::findings::{Caught, HelperFailed, PRINTED_FIRST, Pass, SavedCase, StartUp};
use crate::format::{
    LINE_WIDTH, bounded, capitalized, counted, mebibytes, seconds, seconds_beside, shell_quoted,
    with_commas, wrapped, write_some, write_wrapped,
};
use crate::growth::{Curve, Measured, Resource};
use crate::input::Input;
use crate::judge::{Failure, Limits, NearMiss, TooDeep, near_miss};
use crate::mistake::Mistake;
use crate::problem::{Problem, Units};
use crate::search::{Case, DIAGNOSIS_CASES, Diagnosis, Found, Peak, Undiagnosed, hangs};
use crate::setup::{NotBuilt, PRINTED, Setup};
use std::fmt::Write;
use std::path::Path;

/// The most lines of a compiler's message shown.
const SHOWN_COMPILER: usize = 20;
use std::time::Duration;

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

/// The line that says the times shown are scaled.
fn time_factor_line(factor: f64) -> String {
    format!(
        "Times are this machine's divided by {factor} (--time-factor), as the judge's would be."
    )
}

/// The block that names the mistakes a wrong answer matches, or says it matches none; `shown` is
/// the input the report shows already, if it does.
fn write_diagnosis(text: &mut String, diagnosis: &Diagnosis, shown: Option<&Input>) {
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
fn write_undiagnosed(text: &mut String, undiagnosed: Undiagnosed) {
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

/// A time-out within a quarter of the limit at the judge's largest size, by a growth near
/// linear: the complexity is right, and the constant decides.
const CLOSE_CALL: f64 = 1.25;

/// The highest growth that a close call may have: near linear.
const NEAR_LINEAR: f64 = 1.2;

/// What to say of a time-out that is a close call on this machine, if it is one: near linear
/// growth, and a time at the judge's largest size within a quarter of the limit (measured, or
/// by the fit when that run was stopped).
fn close_call(growth: &Curve, setup: &Setup) -> Option<String> {
    let fit = growth.fit?;
    let limit = setup.limits.time.as_secs_f64();
    // Measured at the judge's largest size if it was, with more time when the judged run was
    // stopped; else as the fit expects.
    let largest_run = growth.largest?;
    let size = largest_run.size;
    let measured = growth.points.iter().find(|&&(at, _)| at == size);
    let largest = match (largest_run.stopped_at, measured) {
        (None, _) => largest_run.value,
        (Some(_), Some(&(_, value))) => value,
        (Some(_), None) => fit.at(size),
    };
    let close = growth.resource == Resource::Time
        && growth.exponential.is_none()
        && fit.exponent <= NEAR_LINEAR
        && largest <= limit * CLOSE_CALL;
    close.then(|| {
        format!(
            "A close call on this machine: the complexity is right ({}^{:.1}), and the constant decides, about {} at {}. The judge's machine may be faster or slower than this one (--time-factor says how much). {}",
            match setup.problem.units() == Units::SIZE {
                true => "SIZE",
                false => "N",
            },
            fit.exponent,
            seconds(largest),
            setup.problem.units().of(size),
            constant_advice(&setup.program)
        )
    })
}

/// What usually cuts the constant in the language that `command` runs.
fn constant_advice(command: &str) -> &'static str {
    let program = command.split_whitespace().next().unwrap_or_default();
    let program = program.rsplit('/').next().unwrap_or_default();
    // PyPy runs `.py` files too: the program is asked first.
    if program.starts_with("pypy") {
        "In PyPy: read all the input at once (sys.stdin.buffer.read().split()), and print once with \"\\n\".join."
    } else if program.starts_with("python") || command.contains(".py") {
        "In Python: read all the input at once (sys.stdin.buffer.read().split()), print once with \"\\n\".join, and submit with PyPy, often several times faster."
    } else if program == "java" || program == "kotlin" {
        "On the JVM: read with a buffered byte reader instead of Scanner, and print through one PrintWriter or StringBuilder."
    } else {
        "In C++: read with scanf or with std::ios::sync_with_stdio(false), print \"\\n\" rather than std::endl, which flushes every line; in Rust, lock stdout once and write through a BufWriter."
    }
}

/// The name of sample `number` (from 1) of `problem`: `official sample 2`.
fn sample_name(problem: &dyn Problem, number: usize) -> String {
    let sample = problem.samples().get(number - 1);
    sample.map_or_else(|| format!("sample {number}"), |sample| sample.name.clone())
}

/// A pass whose slowest run took more than this share of the time limit gets a warning.
const NEAR_THE_LIMIT: f64 = 0.8;

/// Where a case of `problem` comes from, in a few words: `official sample 2`, `case 7`, `the
/// family "chain"`.
fn case_name(case: Case, problem: &dyn Problem) -> String {
    match case {
        Case::Sample(number) => sample_name(problem, number),
        Case::Random(case) => format!("case {}", case + 1),
        Case::Family(family) => format!("the family \"{}\"", family.name()),
        Case::Largest(seed) => format!("the generator's largest input (seed {seed})"),
    }
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
            ", and the generator's {} of {largest_size}",
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
            &mut text,
            &format!("Slowest run: {slowest}. Largest memory: {memory}."),
        );
    }
    let limit = limits.time.as_secs_f64();
    if let Some(slowest) = &margins.slowest
        && slowest.value > limit * NEAR_THE_LIMIT
    {
        write_wrapped(
            &mut text,
            &format!(
                "Warning: its slowest run took {:.0} % of the time limit, where a slower judge machine or a heavier test may take it over.",
                slowest.value / limit * 100.0
            ),
        );
    }
    if setup.time_factor != 1.0 {
        write_wrapped(&mut text, &time_factor_line(setup.time_factor));
    }
    if let Some(start_up) = &passed.start_up {
        write_wrapped(&mut text, &start_up_line(start_up));
    }
    for note in problem.notes() {
        write_wrapped(&mut text, &note);
    }
    write_built(&mut text, setup);
    text
}

/// What a start-up that dominates every run costs, and what it is made of where that is known.
fn start_up_line(start_up: &StartUp) -> String {
    let share = start_up.least.as_secs_f64() * start_up.runs as f64 / start_up.total.as_secs_f64();
    let made_of =
        (start_up.made_of.as_ref()).map_or(String::new(), |made_of| format!(" {made_of}"));
    format!(
        "Start-up: every run took at least {:.0} ms, {:.0} % of the {} runs' {:.1} s: the program starting, not solving.{made_of}",
        start_up.least.as_secs_f64() * 1000.0,
        (share * 100.0).min(100.0),
        with_commas(start_up.runs),
        start_up.total.as_secs_f64(),
    )
}

/// How each source of the check was built and is run, a paragraph each.
fn write_built(text: &mut String, setup: &Setup) {
    for (who, built) in &setup.built {
        write_wrapped(
            text,
            &format!("\n{} was built {}.", capitalized(who), built.describe()),
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
            &format!("\nThe command, as AtCoder builds it ({version} here): {command}"),
        );
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
    let again = match &failed.saved {
        Some(path) => format!(
            "{} < {}",
            failure.command,
            shell_quoted(&path.display().to_string())
        ),
        None => failure.command.clone(),
    };
    write_wrapped(&mut text, &format!("\nTo run it again: {again}"));
    write_stderr(&mut text, &failure.stderr, None);
    bounded(&text, MOST_BYTES)
}

/// How many of the lines of the report's first section say where the failing input comes from,
/// before the input itself.
fn lines_before_the_input(found: &Found) -> usize {
    match found.case {
        Case::Sample(_) | Case::Random(_) | Case::Largest(_) => 1,
        Case::Family(family) => wrapped(&family_line(family)).len() + 1,
    }
}

/// Whose inputs a growth was measured on: `the family "chain"`, or `the generator's inputs
/// (seed 7)`.
fn origin_name(origin: Origin) -> String {
    match origin.family {
        Some(family) => format!("the family \"{}\"", family.name()),
        None => format!("the generator's inputs (seed {})", origin.seed),
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
fn shows_input(found: &Found) -> bool {
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
fn verdict_in_words(failure: &Failure, limits: &Limits) -> String {
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
    }
}

/// The report of a check that caught the program failing (`caught`), as `setup` ran it.
pub fn report(setup: &Setup, caught: &Caught) -> String {
    let found = &caught.found;
    let (problem, input) = (&*setup.problem, &found.input);
    let name = problem.name();
    let mut text = String::new();
    let how = verdict_in_words(&found.failure, &setup.limits);
    let sample = match found.case {
        Case::Sample(number) => format!(": it fails {}", sample_name(problem, number)),
        _ => String::new(),
    };
    write_wrapped(
        &mut text,
        &format!("check: {} gives {how} on {name}{sample}.", setup.program),
    );
    if setup.time_factor != 1.0 {
        write_wrapped(&mut text, &time_factor_line(setup.time_factor));
    }
    let (elapsed, jobs) = (
        caught.elapsed.as_secs_f64(),
        at_a_time(setup.jobs, caught.forked),
    );
    write_wrapped(&mut text, &format!("Found in {elapsed:.1} s, {jobs}."));
    let _ = writeln!(text);
    write_input_section(&mut text, setup, found);
    match &caught.diagnosis {
        Some(Ok(diagnosis)) => {
            write_diagnosis(&mut text, diagnosis, shows_input(found).then_some(input));
        }
        Some(Err(undiagnosed)) => write_undiagnosed(&mut text, *undiagnosed),
        None => {}
    }
    match &found.failure {
        Failure::WrongAnswer {
            message,
            expected,
            actual,
        } => {
            let _ = writeln!(
                text,
                "\nWhere the answers differ (expected: {}):",
                problem.answered_by()
            );
            let lines = caught.differences.iter().map(|(line, wanted, got)| {
                match problem.line_label(input, *line) {
                    Some(label) => format!("{label}: expected {wanted}, got {got}"),
                    None => format!("expected {wanted}, got {got}"),
                }
            });
            let lines: Vec<String> = lines.collect();
            write_some(
                &mut text,
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
                None => None,
            };
            if let Some(near) = near {
                write_wrapped(&mut text, &format!("\n{near}"));
            }
            if let Some(message) = message {
                let _ = writeln!(text, "\nThe checker says:");
                write_some(
                    &mut text,
                    message.lines(),
                    SECTION_LINES,
                    "  ",
                    "more lines",
                );
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
                let _ = writeln!(text, "\nThe right game ({}{input}):", game.command);
                write_some(
                    &mut text,
                    game.game.lines(),
                    SECTION_LINES,
                    "  ",
                    "more lines",
                );
            }
        }
        Failure::Crash {
            stderr, too_deep, ..
        } => {
            let stack = mebibytes(setup.limits.stack as f64);
            let why = match too_deep {
                Some(TooDeep::Stack) => format!(
                    "Its stack overflowed: it reached the limit of {stack} (--stack; the judge's is 1024 MiB). The recursion may be too deep, or endless."
                ),
                Some(TooDeep::RecursionLimit) => "Python's recursion limit stopped it: 1,000 frames, as on the judge, unless the program raises it with sys.setrecursionlimit.".to_string(),
                None => String::new(),
            };
            if !why.is_empty() {
                write_wrapped(&mut text, &format!("\n{why}"));
            }
            let saved = caught.saved.as_ref().map(|saved| saved.path("stderr"));
            write_stderr(&mut text, stderr, saved.as_deref());
        }
        Failure::TimeLimit { .. } | Failure::MemoryLimit { .. } | Failure::OutputLimit { .. } => {
            if !caught.printed_first.is_empty() {
                let _ = writeln!(text, "\nWhat it printed first:");
                let lines = caught.printed_first.iter().map(String::as_str);
                write_some(&mut text, lines, PRINTED_FIRST, "  ", "more lines");
            }
            if let Some(growth) = &caught.growth {
                write_growth(&mut text, growth, problem.units());
                if let Some(advice) = close_call(growth, setup) {
                    write_wrapped(&mut text, &format!("\n{advice}"));
                }
            }
        }
    }
    if let Some(start_up) = &caught.start_up {
        write_wrapped(&mut text, &format!("\n{}", start_up_line(start_up)));
    }
    for note in problem.notes() {
        write_wrapped(&mut text, &format!("\n{note}"));
    }
    write_built(&mut text, setup);
    let mut text = bounded(&text, MOST_BYTES - ROOM_FOR_THE_END);
    if let Some(saved) = &caught.saved {
        write_saved(&mut text, saved, &oj_line(setup, found, saved));
    }
    match &caught.page {
        Some(Ok(path)) => {
            let opened = match found.failure {
                Failure::WrongAnswer { .. } => "opened where the answers first differ",
                _ => "of the failing input",
            };
            let path = shell_quoted(&path.display().to_string());
            write_wrapped(&mut text, &format!("The game's page, {opened}: {path}"));
        }
        Some(Err(why)) => write_wrapped(&mut text, &format!("No page: {why}.")),
        None => {}
    }
    text
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

/// The section of the failing input: where it comes from, and the input itself when it is worth
/// reading (else its size), in at most [`SECTION_LINES`] lines.
fn write_input_section(text: &mut String, setup: &Setup, found: &Found) {
    let input = &found.input;
    let text_input = matches!(input, Input::Text(_));
    // A user's input made by their generator says the seed that makes it again.
    let units = match (text_input, found.origin) {
        (true, Some(origin)) if !found.cut_down => {
            format!("{}, seed {}", input.describe_size(), origin.seed)
        }
        _ => input.describe_size(),
    };
    let how = match (found.bisected, found.cut_down, text_input) {
        (false, _, _) => "shrunk",
        (true, false, false) => "bisected",
        (true, true, false) => "bisected, then cut down,",
        (true, false, true) => "shrunk through the generator",
        (true, true, true) => "shrunk through the generator, then through its text,",
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
            "{}, {how} from the generator's input of {first} (seed {seed}) after {tries}",
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

/// The oj command that judges the saved case as the check did, in two parts where it is too long
/// for a line: the program's command, how its answers are compared, the time limit in this
/// machine's time (`--time-factor`) and the memory limit; for a stack overflow, in a subshell
/// with the stack the check gave (`ulimit -s`, in KiB), which makes it overflow there too.
fn oj_line(setup: &Setup, found: &Found, saved: &SavedCase) -> (String, String) {
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
fn write_saved(text: &mut String, saved: &SavedCase, rerun: &(String, String)) {
    let folder = shell_quoted(&saved.folder.display().to_string());
    write_wrapped(
        text,
        &format!(
            "\nSaved for oj in {folder}: {}, {} (the right answer), and what the program printed, in {PRINTED}/. To run it again:",
            shell_quoted(&saved.file("in")),
            shell_quoted(&saved.file("out")),
        ),
    );
    let (head, tail) = rerun;
    let line = format!("  {head} {tail}");
    match line.chars().count() <= LINE_WIDTH {
        true => {
            let _ = writeln!(text, "{line}");
        }
        false => {
            let _ = writeln!(text, "  {head} \\\n    {tail}");
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
fn write_stderr(text: &mut String, stderr: &str, saved: Option<&Path>) {
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

/// The growth section: the exponent (or that it is faster than any power), the sizes measured,
/// the smallest failing size and the judge's largest.
fn write_growth(text: &mut String, growth: &Curve, units: Units) {
    let resource = growth.resource;
    let noun = resource.noun();
    let sized = units == Units::SIZE;
    let step = match sized {
        true => "with SIZE one larger".to_string(),
        false => format!("for each {} more", units.one),
    };
    // A user's sizes are their generator's SIZE, which the inputs measured were made at.
    let (n, on) = match sized {
        true => ("SIZE", "on the generator's inputs"),
        false => ("N", "on this family"),
    };
    let _ = writeln!(text);
    match (growth.exponential, growth.fit) {
        (Some(factor), _) => write_wrapped(
            text,
            &format!(
                "{} grows faster than any power of {n} we could measure {on}: about {factor:.1} times as much {step}.",
                capitalized(noun)
            ),
        ),
        (None, Some(fit)) => write_wrapped(
            text,
            &format!(
                "{} grows like {n}^{:.1} {on}.",
                capitalized(noun),
                fit.exponent
            ),
        ),
        (None, None) => write_wrapped(
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
        .map(|&(size, value)| match sized {
            true => format!("{} at {}", measured(value), units.of(size)),
            false => format!("{} at {}", measured(value), with_commas(size)),
        })
        .collect();
    let all_of = if sized { "" } else { units.many };
    write_wrapped(
        text,
        &format!(
            "Measured: {} {all_of} ({} for the smallest input).",
            shown.join(", "),
            resource.show_measured(growth.baseline, 0.0)
        )
        .replace("  (", " ("),
    );
    // An exponential growth's prediction at large sizes means nothing: no figure by the fit.
    let fit = growth.fit.filter(|_| growth.exponential.is_none());
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
        let expected = fit
            .filter(|_| run.stopped_at.is_some())
            .map(|fit| format!(", about {} by the fit", resource.show(fit.at(run.size))))
            .unwrap_or_default();
        format!("{}: {measured}{expected}", units.of(run.size))
    };
    if let Some(check) = growth.stopped_check {
        write_wrapped(
            text,
            &format!("Checked at {}, with six times the limits.", at(check)),
        );
    }
    let at_largest = growth.largest.map(|run| format!("; at {}", at(run)));
    write_wrapped(
        text,
        &format!(
            "The smallest failing size of {} is {}{}.",
            origin_name(growth.origin),
            at(growth.smallest_failing),
            at_largest.unwrap_or_default()
        ),
    );
}
