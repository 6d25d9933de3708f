//! Numbers and words as people read them, for every report of the tool: counts with thousands
//! separators and the right noun, seconds and mebibytes, and paths and commands quoted as a shell
//! reads them back. The bottom layer of the library: it uses nothing else of it.

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

/// `text` as a shell reads it back: quoted when it holds spaces or characters the shell treats
/// apart, as it is otherwise.
pub fn shell_quoted(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./:=,+@%".contains(c);
    match !text.is_empty() && text.chars().all(plain) {
        true => text.to_string(),
        false => shell_words::quote(text).into_owned(),
    }
}
