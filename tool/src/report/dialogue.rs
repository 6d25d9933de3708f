//! The sections of an interactive problem's failure: what the interactor said, the dialogue's
//! last lines and how many each side said, a stuck dialogue with the likely mistake named for
//! the program's language, and where the case is saved, with the command that runs the same
//! dialogue again.

use super::Setup;
use crate::findings::SavedCase;
use crate::format::{
    counted, repeating, shell_line, shell_quoted, with_commas, write_command_words, write_some,
    write_wrapped,
};
use crate::process::dialogue::{STUCK_LINE, Side};
use crate::resolve::Language;
use crate::setup::PRINTED;
use std::fmt::Write;
use std::path::Path;

/// How many of the dialogue's last lines the report shows.
pub const SHOWN_DIALOGUE: usize = 12;

/// The section of the interactor's verdict on a rejected program: its words, or that it gave
/// none.
pub(super) fn write_interactor_words(text: &mut String, message: &Option<String>) {
    match message {
        Some(message) => {
            let _ = writeln!(text, "\nThe interactor says:");
            write_some(text, message.lines(), SHOWN_DIALOGUE, "  ", "more lines");
        }
        None => write_wrapped(
            text,
            "\nThe interactor rejected the program, and said nothing of why.",
        ),
    }
}

/// How many lines of `transcript` each side said: the program's, then the judge's.
pub fn lines_said(transcript: &str) -> (usize, usize) {
    let said = |side: Side| {
        (transcript.lines())
            .filter(|line| line.starts_with(side.mark()))
            .count()
    };
    (said(Side::Program), said(Side::Judge))
}

/// The section of the dialogue: how many lines each side said, and its last lines, `> ` the
/// program's and `< ` the judge's, with where the whole is saved.
pub(super) fn write_dialogue(text: &mut String, transcript: &str, saved: Option<&SavedCase>) {
    let (program, judge) = lines_said(transcript);
    let whole = saved.map_or_else(String::new, |saved| {
        format!("; the whole in {}", saved.file("dialogue"))
    });
    let lines: Vec<&str> = transcript.lines().collect();
    let last = lines.len().saturating_sub(SHOWN_DIALOGUE);
    let which = match last {
        0 => "The dialogue",
        _ => "The dialogue's last lines",
    };
    write_wrapped(
        text,
        &format!(
            "\n{which} ({} from the program, {} from the judge{whole}):",
            counted(program, "line", "lines"),
            with_commas(judge),
        ),
    );
    if lines.is_empty() {
        let _ = writeln!(text, "  (nothing was said)");
    }
    for line in &lines[last..] {
        let _ = writeln!(text, "  {line}");
    }
}

/// The language of the program under check, where the check knows it: a source's, or a
/// Python script run by its interpreter.
fn program_language(setup: &Setup) -> Option<Language> {
    let languages = [
        Language::Cpp,
        Language::C,
        Language::Rust,
        Language::Python,
        Language::Java,
    ];
    let built = setup.built.iter().find(|(who, _)| who == "the program");
    if let Some((_, built)) = built {
        return (languages.into_iter()).find(|language| language.judges() == built.language);
    }
    let words = setup.command.iter().map(|word| word.to_string_lossy());
    let python = words
        .take(2)
        .any(|word| word.ends_with(".py") || word.contains("python") || word.contains("pypy"));
    python.then_some(Language::Python)
}

/// How to flush a query in `language`, or in each language where it is not known.
fn flush_in(language: Option<Language>) -> &'static str {
    match language {
        Some(Language::Python) => {
            "print(..., flush=True), or sys.stdout.flush() after each query. input() flushes stdout before it reads, but sys.stdin.readline() does not; and where PYTHONUNBUFFERED is set, as on many machines, print flushes, but the judge does not set it"
        }
        Some(Language::Cpp) => {
            "cout << ... << endl, or cout << flush after each query: '\\n' does not flush, and with cin.tie(nullptr) reading cin no longer flushes cout; with printf, fflush(stdout)"
        }
        Some(Language::C) => "fflush(stdout) after each query",
        Some(Language::Rust) => {
            "std::io::stdout().flush() after each query (use std::io::Write); a BufWriter, or proconio's #[fastout], holds every line until the program ends"
        }
        Some(Language::Java) => "System.out.flush() after each query, or a PrintWriter's flush()",
        None => {
            "flush stdout after each query: Python's print(..., flush=True), C++'s endl or cout << flush, Rust's stdout().flush() (no BufWriter or #[fastout])"
        }
    }
}

/// The section of a stuck dialogue: who waited for what, what the program held back, and the
/// likely mistake with its fix in the program's language.
pub(super) fn write_stuck(text: &mut String, setup: &Setup, late: &str, transcript: &str) {
    let before: String = transcript
        .lines()
        .take_while(|line| *line != STUCK_LINE)
        .map(|line| format!("{line}\n"))
        .collect();
    let (asked, answered) = lines_said(&before);
    write_wrapped(
        text,
        &format!(
            "\nThe dialogue got stuck: the program and the interactor both waited to read, and neither wrote, after {} from the program and {} from the judge. The judge waits for the time limit then (TLE); here the program's input was closed, and it ended.",
            counted(asked, "line", "lines"),
            with_commas(answered)
        ),
    );
    if late.trim().is_empty() {
        write_wrapped(
            text,
            "\nLikely mistake: the program reads more than the judge sends. It waited for a line the judge never writes: one more answer than it asked queries, or a line the problem's dialogue does not have. Nothing it printed was held back.",
        );
        return;
    }
    let _ = writeln!(
        text,
        "\nWhat the program printed once its input was closed, held back until then:"
    );
    write_some(text, late.lines(), SHOWN_DIALOGUE, "  ", "more lines");
    write_wrapped(
        text,
        &format!(
            "\nLikely mistake: a query printed but not flushed. It stayed in the program's buffer, and the judge never read it. The fix: {}.",
            flush_in(program_language(setup))
        ),
    );
}

/// Where an interactive problem's failing case is saved, with the interactor's words where they
/// are, and the command that runs the same dialogue again: this check, shrinking the saved
/// hidden input first.
pub(super) fn write_saved_dialogue(text: &mut String, setup: &Setup, saved: &SavedCase) {
    let folder = shell_quoted(&saved.folder.display().to_string());
    let words = match saved.with_words {
        true => ", the interactor's words",
        false => "",
    };
    write_wrapped(
        text,
        &format!(
            "\nSaved in {folder}: {} (the hidden input), and the dialogue{words} and the program's stderr, in {PRINTED}/. To run the same dialogue again:",
            saved.file("in")
        ),
    );
    write_same_check(text, setup, &saved.path("in"));
}

/// Writes the command that runs this check again on `input` first (`--shrink`): the same
/// dialogue, with the same interactor.
pub(super) fn write_same_check(text: &mut String, setup: &Setup, input: &Path) {
    let words = match setup.invoked.is_empty() {
        false => repeating(
            &setup.invoked,
            setup.seed,
            Some(input),
            setup.to_shrink.is_some(),
        ),
        true => vec![format!(
            "atcoder-games check --shrink {} ... {}",
            shell_quoted(&input.display().to_string()),
            shell_line(&setup.command)
        )],
    };
    write_command_words(text, &words);
}
