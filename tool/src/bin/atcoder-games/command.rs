//! The options of `check` that went to the program because they came after it.

use std::ffi::OsString;

/// The options of `check` that take a value, as they are spelt on its command line.
pub const CHECK_OPTIONS: [&str; 17] = [
    "--cases",
    "--seed",
    "--time-limit",
    "--timeout",
    "--memory-limit",
    "--memory",
    "--time-factor",
    "--stack",
    "--save",
    "--html",
    "--generator",
    "--reference",
    "--checker",
    "--validator",
    "--max-size",
    "--samples",
    "--tolerance",
];

/// A warning for each of `check`'s options that came after the program in `command`, where it is
/// the program's argument and not `check`'s.
pub fn misplaced_options(command: &[OsString]) -> Vec<String> {
    let given = command[1..].iter().filter_map(|argument| argument.to_str());
    let misplaced = given.filter(|argument| {
        let name = argument.split('=').next().unwrap_or_default();
        CHECK_OPTIONS.contains(&name)
    });
    misplaced
        .map(|option| {
            format!(
                "warning: {option} comes after the program, so it went to the program, not to check; check's options come before the problem"
            )
        })
        .collect()
}
