//! The command line of the program under check, looked at before the first run: that it can be
//! started, with a hint for the common mistakes (one string for the whole command, a source file,
//! a program of this folder named without `./`), and the options of `check` that went to the
//! program because they came after it.

use atcoder_games_tool::format::shell_quoted;
use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

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

/// The command to run for `command`: itself when its program can be started; split as a shell
/// would split it when it is a whole command line given as one argument (`"python3 main.py"`), as
/// oj's `-c` takes it, with a note saying so; else the error, with a hint where one fits, written
/// with `again`, which makes the command line of `check` with another command in its place.
pub fn to_run(
    command: &[OsString],
    again: impl Fn(&str) -> String,
) -> Result<(Vec<OsString>, Option<String>), String> {
    let program = Path::new(&command[0]);
    if can_start(program) {
        return Ok((command.to_vec(), None));
    }
    let text = command[0].to_string_lossy();
    if command.len() == 1
        && text.contains(char::is_whitespace)
        && let Ok(words) = shell_words::split(&text)
        && words
            .first()
            .is_some_and(|first| can_start(Path::new(first)))
    {
        let words: Vec<OsString> = words.into_iter().map(OsString::from).collect();
        let note = format!(
            "note: running {} as the shell splits it, {} words",
            shell_quoted(&text),
            words.len()
        );
        return Ok((words, Some(note)));
    }
    let shown = shell_quoted(&text);
    let mut message = format!("cannot start {shown}: no such program, or it is not executable");
    if let Some(hint) = hint(program, again) {
        message.push_str(&format!(". {hint}"));
    }
    Err(message)
}

/// Whether `program` can be started: an executable file at its path, or, for a bare name, in a
/// folder of `PATH`.
fn can_start(program: &Path) -> bool {
    match program.components().count() > 1 || program.is_absolute() {
        true => executable(program),
        false => std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path).any(|folder| executable(&folder.join(program)))
        }),
    }
}

fn executable(path: &Path) -> bool {
    path.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

/// What to do instead of running `program`, which cannot be started, where it is a common
/// mistake: `check` gives the command line of `check` with another command in its place.
fn hint(program: &Path, check: impl Fn(&str) -> String) -> Option<String> {
    let text = program.display().to_string();
    // It could not be started, so when it is a file that can be, it is a bare name not in PATH.
    if executable(program) {
        let here = shell_quoted(&format!("./{text}"));
        return Some(format!(
            "A program of this folder is named with its path: {}",
            check(&here)
        ));
    }
    if text.contains(char::is_whitespace) && !program.exists() {
        let words = shell_words::split(&text).ok()?;
        let words: Vec<String> = words.iter().map(|word| shell_quoted(word)).collect();
        return Some(format!(
            "To run a command line, give its words apart: {}",
            check(&words.join(" "))
        ));
    }
    let stem = program.file_stem()?.to_string_lossy().into_owned();
    let extension = program.extension()?.to_str()?;
    let source = shell_quoted(&text);
    let compiled = shell_quoted(&format!("./{stem}"));
    let how = match extension {
        "cpp" | "cc" | "cxx" => format!(
            "compile it first, g++ -O2 -o {stem} {source}, then {}",
            check(&compiled)
        ),
        "c" => format!(
            "compile it first, gcc -O2 -o {stem} {source}, then {}",
            check(&compiled)
        ),
        "rs" => format!(
            "compile it first, rustc -O -o {stem} {source}, then {}",
            check(&compiled)
        ),
        "py" => format!(
            "run it with Python: {}",
            check(&format!("python3 {source}"))
        ),
        "java" => format!(
            "compile it first, javac {source}, then {}",
            check(&format!("java {stem}"))
        ),
        _ => return None,
    };
    Some(format!("{source} is a source file: {how}"))
}

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
