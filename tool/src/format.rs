//! Numbers and words as people read them, for every report of the tool: counts with thousands
//! separators and the right noun, seconds and mebibytes, paths and commands quoted as a shell
//! reads them back; and text kept readable whatever its size: prose wrapped, lines and tokens
//! shortened, lists and the whole bounded. The bottom layer of the library: it uses nothing else
//! of it.

use std::fmt::Write;
use std::path::Path;

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

/// A time in seconds: `0.48 s`; from 100 s on (which only a fit predicts, whose hundredths mean
/// nothing), whole seconds with separators, `2,847 s`.
pub fn seconds(value: f64) -> String {
    match value >= 100.0 {
        true => format!("{} s", with_commas(value.round() as usize)),
        false => format!("{value:.2} s"),
    }
}

/// A size in bytes, in whole mebibytes: `512 MiB`.
pub fn mebibytes(bytes: f64) -> String {
    format!("{:.0} MiB", bytes / (1024.0 * 1024.0))
}

/// A time in seconds beside `other`, to which [`seconds`] would make it look equal: with as many
/// more decimals as tell them apart, up to milliseconds. `2.004 s` beside a 2 s limit.
pub fn seconds_beside(value: f64, other: f64) -> String {
    if seconds(value) != seconds(other) || value == other || value >= 100.0 {
        return seconds(value);
    }
    format!("{value:.3} s")
}

/// `count` and the noun for it: `1 try`, `25 tries`, `1,234 words`.
pub fn counted(count: usize, one: &str, many: &str) -> String {
    let noun = if count == 1 { one } else { many };
    format!("{} {noun}", with_commas(count))
}

/// The words of a command line as a shell reads them back, each [`shell_quoted`].
pub fn shell_line(words: &[impl AsRef<std::ffi::OsStr>]) -> String {
    let quoted: Vec<String> = words
        .iter()
        .map(|word| shell_quoted(&word.as_ref().to_string_lossy()))
        .collect();
    quoted.join(" ")
}

/// `text` as a shell reads it back: quoted when it holds spaces or characters the shell treats
/// apart, as it is otherwise.
pub fn shell_quoted(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./:=,+@%".contains(c);
    match !text.is_empty() && text.chars().all(plain) {
        true => text.to_string(),
        false => shell_words::quote(text).into_owned(),
    }
}

/// Characters kept from each end of a token too long for its line.
const TOKEN_ENDS: usize = 20;

/// The longest line of text for people, in characters, but for the few that a shortened token
/// leaves a little longer.
pub const LINE_WIDTH: usize = 120;

/// Writes `prose` (which may start with a newline) as [`wrapped`] lines.
pub fn write_wrapped(text: &mut String, prose: &str) {
    for line in wrapped(prose) {
        let _ = writeln!(text, "{line}");
    }
}

/// The words that name a unit: a line is never broken between one of them and the number before.
const UNITS: [&str; 12] = [
    "s", "ms", "MiB", "%", "word", "words", "round", "rounds", "try", "tries", "lines", "times",
];

/// `prose` as lines of at most [`LINE_WIDTH`] characters, broken between words (a word longer
/// than that stands on a line of its own), never between a number and its unit.
pub fn wrapped(prose: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in prose.split('\n') {
        // Each number with its unit, as one word.
        let mut words: Vec<String> = Vec::new();
        for word in paragraph.split(' ') {
            let unit = UNITS.contains(&word.trim_end_matches([',', '.', ';', ':', ')']));
            match words.last_mut() {
                Some(number) if unit && number.ends_with(|c: char| c.is_ascii_digit()) => {
                    number.push(' ');
                    number.push_str(word);
                }
                _ => words.push(word.to_string()),
            }
        }
        let mut line = String::new();
        for word in words {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > LINE_WIDTH {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        lines.push(line);
    }
    lines
}

/// The mark of a line that holds a command ([`write_command`]): [`bounded`] keeps it whole, and
/// takes the mark away.
const COMMAND: char = '\u{1}';

/// Writes `command` on a line of its own, after two spaces, whole: never wrapped nor shortened
/// ([`bounded`], which every report goes through, takes the mark of such a line away), so that
/// it runs when pasted.
pub fn write_command(text: &mut String, command: &str) {
    let _ = writeln!(text, "{COMMAND}  {command}");
}

/// Writes the command of `words`, each quoted as a shell reads it, on as few lines as hold it
/// within [`LINE_WIDTH`], each but the last ending in ` \\`, as a shell continues a line, and
/// the next indented; a word longer than a line is written whole ([`write_command`]).
pub fn write_command_words(text: &mut String, words: &[String]) {
    let (mut line, mut empty) = (String::new(), true);
    for word in words {
        // After the two spaces of a command's line, and before the ` \\` that continues it.
        if !empty && 2 + line.len() + 1 + word.len() + 2 > LINE_WIDTH {
            write_command(text, &format!("{line} \\"));
            (line, empty) = ("  ".to_string(), true);
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    write_command(text, &line);
}

/// `text` within bounds: each line of more than [`LINE_WIDTH`] characters with its long tokens
/// shown by their ends, and cut if that is not enough ([`shortened`]), but for a command
/// ([`write_command`]), which is kept whole; and all of it within `most` bytes, cut at a line's
/// end with a line that says so.
pub fn bounded(text: &str, most: usize) -> String {
    let mut bounded = String::new();
    for line in text.lines() {
        let line = match line.strip_prefix(COMMAND) {
            Some(command) => command.to_string(),
            None => shortened(line),
        };
        if bounded.len() + line.len() + 1 > most {
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

/// `word` with a capital first letter.
pub fn capitalized(word: &str) -> String {
    let mut letters = word.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// Writes `lines`, each on its own line after `indent`, in at most `limit` lines: when there
/// are more, the last of them says how many were left out, followed by `more`.
pub fn write_some<'a>(
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
/// A run of the tool's command line, `invoked`, with `--seed` added when it was not given, so
/// that it repeats the run; with `--shrink PATH` for `to_shrink` if given, in place of the one it
/// had (`had_shrink`): its words, each quoted as a shell reads it back.
pub fn repeating(
    invoked: &[String],
    seed: u64,
    to_shrink: Option<&Path>,
    had_shrink: bool,
) -> Vec<String> {
    let mut arguments = invoked.to_vec();
    let check = arguments.iter().position(|argument| argument == "check");
    if let (Some(at), Some(path)) = (check, to_shrink) {
        if had_shrink {
            let given = arguments[at..]
                .iter()
                .position(|argument| argument == "--shrink" || argument.starts_with("--shrink="));
            if let Some(given) = given.map(|given| at + given) {
                let value = usize::from(arguments[given] == "--shrink");
                arguments.drain(given..=(given + value).min(arguments.len() - 1));
            }
        }
        let path = path.to_string_lossy().into_owned();
        arguments.splice(at + 1..at + 1, ["--shrink".to_string(), path]);
    }
    let seeded = check.filter(|_| {
        !arguments
            .iter()
            .any(|argument| argument.starts_with("--seed"))
    });
    if let Some(at) = seeded {
        arguments.splice(at + 1..at + 1, ["--seed".to_string(), seed.to_string()]);
    }
    let quoted: Vec<String> = arguments
        .iter()
        .map(|argument| shell_quoted(argument))
        .collect();
    quoted
}
