//! Numbers as people read them, for every report of the tool: counts with thousands
//! separators, seconds and mebibytes. The bottom layer of the library: it uses nothing else.

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
