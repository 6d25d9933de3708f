//! A program as the user gives it, made ready to run: a command line of words, one string that a
//! shell splits, or a source file, built as AtCoder builds it ([`crate::build`]). The one place
//! where the program under check and every helper of a user's problem is resolved.

use crate::build::{self, BuildError, BuildOptions, Built, Language, Shim};
use crate::format::shell_quoted;
use crate::process::{self, Options, Run, Stdin, executable};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A program ready to run: its command line, how it was built if it was a source, and a note for
/// the user where the command was read in a way worth saying (split as a shell splits it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub command: Vec<OsString>,
    pub built: Option<Built>,
    pub note: Option<String>,
    /// The pyenv shim its command starts through, if it does.
    pub shim: Option<Shim>,
}

impl Program {
    /// The note on the pyenv shim it starts through, if it does: what the shim adds to every
    /// start, measured here (two starts), which the judge does not pay, and the cure.
    pub fn shim_note(&self) -> Option<String> {
        let shim = self.shim.as_ref()?;
        let cost = shim_cost(shim).as_secs_f64();
        let name = shim.shim.file_name().unwrap_or_default().to_string_lossy();
        Some(format!(
            "note: {} is pyenv's shim, a shell script that adds {cost:.2} s to every start and every run's time, which the judge does not pay: give the interpreter itself, {} (pyenv which {name})",
            shell_quoted(&self.command[0].to_string_lossy()),
            shell_quoted(&shim.program.display().to_string()),
        ))
    }
}

/// Why a program is not ready to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unready {
    /// It cannot be started: the message, with a hint where one fits.
    Unknown(String),
    /// The source at this path could not be built.
    Build(PathBuf, BuildError),
}

/// The program that `words` give, made ready to run: a source file (one word, of a language
/// AtCoder builds) built as the judge builds it with `options`; a program that can be started, as
/// it is; one string that a shell splits into such a command (`"python3 main.py"`), as oj's `-c`
/// takes it, split. Else why not, with a hint written with `again`, which makes the command line
/// of `check` with options of its own first (each followed by a space) and another command in
/// the program's place.
pub fn program(
    words: &[OsString],
    options: &BuildOptions,
    again: impl Fn(&str, &str) -> String,
) -> Result<Program, Unready> {
    let first = Path::new(&words[0]);
    let source = first.is_file().then(|| Language::of(first)).flatten();
    if words.len() == 1
        && let Some(language) = source
    {
        return match build::build(first, language, options) {
            Ok(built) => Ok(Program {
                command: built.command.clone(),
                built: Some(built),
                note: None,
                shim: None,
            }),
            Err(error) => Err(Unready::Build(first.to_path_buf(), error)),
        };
    }
    if can_start(first) {
        return Ok(with_shim(Program {
            command: words.to_vec(),
            built: None,
            note: None,
            shim: None,
        }));
    }
    let text = words[0].to_string_lossy();
    if words.len() == 1
        && text.contains(char::is_whitespace)
        && let Ok(split) = shell_words::split(&text)
        && split
            .first()
            .is_some_and(|first| can_start(Path::new(first)))
    {
        let command: Vec<OsString> = split.into_iter().map(OsString::from).collect();
        let note = format!(
            "note: running {} as the shell splits it, {} words",
            shell_quoted(&text),
            command.len()
        );
        return Ok(with_shim(Program {
            command,
            built: None,
            note: Some(note),
            shim: None,
        }));
    }
    let shown = shell_quoted(&text);
    if source.is_some() {
        let message = source_with_arguments(&shown, &words[1..], again);
        return Err(Unready::Unknown(message));
    }
    let mut message = format!("cannot start {shown}: no such program, or it is not executable");
    if let Some(hint) = hint(first, |command| again("", command)) {
        message.push_str(&format!(". {hint}"));
    }
    Err(Unready::Unknown(message))
}

/// `program`, with the pyenv shim it starts through, if it does.
fn with_shim(mut program: Program) -> Program {
    program.shim = build::shim(&program.command[0]);
    program
}

/// Whether `program` can be started: an executable file at its path, or, for a bare name, in a
/// folder of `PATH`.
fn can_start(program: &Path) -> bool {
    process::find_program(program).is_some_and(|path| executable(&path))
}

/// Why the source `shown`, followed by `arguments`, is not run: a source is built and run
/// without arguments, so these are most likely `check`'s own options, given after the program
/// rather than before the problem. `again` writes `check`'s command line with them first.
fn source_with_arguments(
    shown: &str,
    arguments: &[OsString],
    again: impl Fn(&str, &str) -> String,
) -> String {
    let arguments: Vec<String> = arguments
        .iter()
        .map(|argument| shell_quoted(&argument.to_string_lossy()))
        .collect();
    let arguments = arguments.join(" ");
    format!(
        "cannot run the source {shown} with the arguments {arguments}: a source is built and run without any. Words after the program are its own; check's options go before the problem: {}",
        again(&format!("{arguments} "), shown)
    )
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
    None
}

/// A run of `command` with no input, if it succeeds: a start, timed once. The CPU time of a
/// program that works on one thread varies by a millisecond from run to run, on a busy machine
/// too, where its wall time does not.
fn start(command: &[&OsStr]) -> Option<Run> {
    let ran = process::run(command, Stdin::Bytes(b""), &Options::default()).ok()?;
    ran.succeeded().then_some(ran)
}

/// What pyenv's `shim` adds to a start: the wall time of `--version` through it, less without
/// it (a shell script may wait, too, as its programs start).
fn shim_cost(shim: &Shim) -> Duration {
    let version = |program: &Path| {
        start(&[program.as_os_str(), OsStr::new("--version")])
            .map_or(Duration::ZERO, |ran| ran.wall)
    };
    version(&shim.shim).saturating_sub(version(&shim.program))
}

/// What an interpreter's start-up is made of, where the interpreter of `command` is known
/// (CPython, a JVM), measured here: the sentence that names it, with its cure where one is
/// known. A pyenv shim adds its own start to the interpreter's; CPython's `site` may import whole
/// packages at every start (a `.pth` file in site-packages can), which `-X importtime` shows; a
/// JVM's start the judge pays as well.
pub fn start_up(command: &[OsString]) -> Option<String> {
    let interpreter = command.first()?;
    let name = Path::new(interpreter)
        .file_name()?
        .to_string_lossy()
        .into_owned();
    if let Some(shim) = build::shim(interpreter) {
        return Some(format!(
            "{name} is pyenv's shim, which adds {:.0} ms to every start: give the interpreter itself, {} (pyenv which {name}).",
            shim_cost(&shim).as_secs_f64() * 1000.0,
            shell_quoted(&shim.program.display().to_string()),
        ));
    }
    if name.starts_with("python") {
        // Side by side, on two cores: the check's runs are over, and the cores idle.
        let cpu = |ran: Option<Run>| ran.map(|ran| ran.cpu);
        let (with_site, without) = std::thread::scope(|scope| {
            let without = scope.spawn(|| {
                cpu(start(&[
                    interpreter,
                    OsStr::new("-S"),
                    OsStr::new("-c"),
                    OsStr::new("pass"),
                ]))
            });
            let with_site = cpu(start(&[interpreter, OsStr::new("-c"), OsStr::new("pass")]));
            (
                with_site,
                without.join().expect("timing a start does not panic"),
            )
        });
        let (with_site, without) = (with_site?, without?);
        let site = with_site.saturating_sub(without);
        let milliseconds = |time: Duration| time.as_secs_f64() * 1000.0;
        let quoted = shell_quoted(&interpreter.to_string_lossy());
        return Some(match site * 2 > with_site {
            true => format!(
                "Of {name}'s {:.0} ms start here, its site module takes {:.0} ms ({:.0} ms with -S), importing what site-packages' .pth files ask for: see {quoted} -X importtime -c pass.",
                milliseconds(with_site),
                milliseconds(site),
                milliseconds(without),
            ),
            false => format!(
                "{name} itself takes {:.0} ms to start here, which the judge's runs pay too.",
                milliseconds(with_site),
            ),
        });
    }
    if name == "java" {
        let version = start(&[interpreter, OsStr::new("-version")])?.wall;
        return Some(format!(
            "The JVM takes {:.0} ms to start here (java -version), which the judge's runs pay too.",
            version.as_secs_f64() * 1000.0
        ));
    }
    None
}
