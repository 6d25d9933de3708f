//! A program as the user gives it, resolved once, before anything is built or run: a source file
//! of a language AtCoder builds, or a program that can be started (its words, or one string that a
//! shell splits, as oj's `-c` takes it), found where `execvp` would find it, with the pyenv shim
//! it starts through, if it does. [`crate::build`] then builds a source; everything else runs as
//! resolved. What an interpreter's start-up is made of is measured here too ([`start_up`]).

use crate::error::Error;
use crate::format::shell_quoted;
use crate::process::{self, Options, Run, Stdin, executable, find_program};
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A language AtCoder builds, by a source file's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    Cpp,
    C,
    Rust,
    Python,
    Java,
}

impl Language {
    /// The language of the source at `path`, by its extension; None for anything else.
    pub fn of(path: &Path) -> Option<Self> {
        match path.extension()?.to_str()? {
            "cpp" | "cc" | "cxx" => Some(Self::Cpp),
            "c" => Some(Self::C),
            "rs" => Some(Self::Rust),
            "py" => Some(Self::Python),
            "java" => Some(Self::Java),
            _ => None,
        }
    }

    /// The language as AtCoder names it, with the judge's compiler.
    pub fn judges(self) -> &'static str {
        match self {
            Self::Cpp => "C++23, GCC 15.2.0",
            Self::C => "C, GCC",
            Self::Rust => "Rust, rustc 1.89.0",
            Self::Python => "Python, CPython 3.13.7",
            Self::Java => "Java, OpenJDK 24.0.2",
        }
    }
}

/// A program as the user gave it, resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolved {
    /// A source file, built before it runs.
    Source { path: PathBuf, language: Language },
    /// A program that can be started as it is.
    Program(Found),
}

/// A command that can be started: its words, the file its program is, and the pyenv shim that
/// file is, if it is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub command: Vec<OsString>,
    /// Where its program is, as `execvp` finds it.
    pub path: PathBuf,
    pub shim: Option<Shim>,
    /// A note for the user where the command was read in a way worth saying: split as a shell
    /// splits it.
    pub note: Option<String>,
}

/// The program that `words` give, resolved: a source file (one word, of a language AtCoder
/// builds); a program that can be started, as it is; one string that a shell splits into such a
/// command (`"python3 main.py"`), split. Else a usage error, with a hint written with `again`,
/// which makes the command line of `check` with options of its own first (each followed by a
/// space) and another command in the program's place.
pub fn resolve(
    words: &[OsString],
    again: impl Fn(&str, &str) -> String,
) -> Result<Resolved, Error> {
    let first = Path::new(&words[0]);
    let source = first.is_file().then(|| Language::of(first)).flatten();
    if let (1, Some(language)) = (words.len(), source) {
        let path = first.to_path_buf();
        return Ok(Resolved::Source { path, language });
    }
    if let Some(path) = startable(first) {
        return Ok(Resolved::Program(Found {
            command: words.to_vec(),
            shim: Shim::of(&path),
            path,
            note: None,
        }));
    }
    let text = words[0].to_string_lossy();
    if words.len() == 1
        && text.contains(char::is_whitespace)
        && let Ok(split) = shell_words::split(&text)
        && let Some(path) = split.first().and_then(|first| startable(Path::new(first)))
    {
        let command: Vec<OsString> = split.into_iter().map(OsString::from).collect();
        let note = format!(
            "note: running {} as the shell splits it, {} words",
            shell_quoted(&text),
            command.len()
        );
        return Ok(Resolved::Program(Found {
            command,
            shim: Shim::of(&path),
            path,
            note: Some(note),
        }));
    }
    let shown = shell_quoted(&text);
    if source.is_some() {
        return Err(Error::Usage(source_with_arguments(
            &shown,
            &words[1..],
            again,
        )));
    }
    let mut message = format!("cannot start {shown}: no such program, or it is not executable");
    if let Some(hint) = hint(first, |command| again("", command)) {
        message.push_str(&format!(". {hint}"));
    }
    Err(Error::Usage(message))
}

/// Where `program` is, if it can be started: an executable file at its path, or, for a bare
/// name, in a folder of `PATH`.
fn startable(program: &Path) -> Option<PathBuf> {
    find_program(program).filter(|path| executable(path))
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

/// A version manager's shim, and the program it stands for: pyenv's shims are shell scripts that
/// look the interpreter up on every start, which the judge's runs do not pay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shim {
    /// The shim, as found in `PATH` or given.
    pub shim: PathBuf,
    /// The program it runs: what `pyenv which NAME` says.
    pub program: PathBuf,
}

/// The most a shim's `pyenv which` may take: it answers in tens of milliseconds.
const PYENV_WHICH: Options = Options {
    time_limit: Some(Duration::from_secs(10)),
    wall_limit: Some(Duration::from_secs(10)),
    memory_limit: Some(1 << 30),
    output_limit: Some(1 << 20),
    address_space: None,
    stack: None,
    discard_stdout: false,
    trace_faults: false,
    judge_environment: false,
};

impl Shim {
    /// The shim that the file at `path` is, if it is pyenv's: its script names pyenv's root and
    /// its `pyenv`, which says which interpreter it runs.
    pub fn of(path: &Path) -> Option<Self> {
        let mut head = vec![0; 1024];
        let read = fs::File::open(path).ok()?.read(&mut head).ok()?;
        let text = String::from_utf8_lossy(&head[..read]).into_owned();
        if !text.starts_with("#!") {
            return None;
        }
        // `export PYENV_ROOT="/root/.pyenv"` and `exec "/root/.pyenv/libexec/pyenv" exec "$program"`.
        let quoted_after = |prefix: &str| text.split(prefix).nth(1)?.split('"').next();
        let root = quoted_after("export PYENV_ROOT=\"")?;
        let pyenv = quoted_after("exec \"")?;
        let name = path.file_name()?;
        let root = format!("PYENV_ROOT={root}");
        let command = [OsStr::new("env"), OsStr::new(&root), OsStr::new(pyenv)];
        let command = [&command[..], &[OsStr::new("which"), name]].concat();
        let ran = process::run(&command, Stdin::Bytes(b""), &PYENV_WHICH).ok()?;
        let found = String::from_utf8(ran.stdout.clone()).ok()?;
        let program = PathBuf::from(found.trim());
        (ran.succeeded() && program.is_file()).then(|| Self {
            shim: path.to_path_buf(),
            program,
        })
    }

    /// The shim that `program` (a name in `PATH`, or a path) is, if it is pyenv's.
    pub fn named(program: &OsStr) -> Option<Self> {
        Self::of(&find_program(Path::new(program))?)
    }

    /// What the shim adds to a start: the wall time of `--version` through it, less without it
    /// (a shell script may wait, too, as its programs start).
    pub fn cost(&self) -> Duration {
        let version = |program: &Path| {
            start(&[program.as_os_str(), OsStr::new("--version")])
                .map_or(Duration::ZERO, |ran| ran.wall)
        };
        version(&self.shim).saturating_sub(version(&self.program))
    }

    /// The note on a program that `command` starts through this shim: what it adds to every
    /// start, measured here (two starts), which the judge does not pay, and the cure.
    pub fn note(&self, command: &[OsString]) -> String {
        let cost = self.cost().as_secs_f64();
        let name = self.shim.file_name().unwrap_or_default().to_string_lossy();
        format!(
            "note: {} is pyenv's shim, a shell script that adds {cost:.2} s to every start and every run's time, which the judge does not pay: give the interpreter itself, {} (pyenv which {name})",
            shell_quoted(&command[0].to_string_lossy()),
            shell_quoted(&self.program.display().to_string()),
        )
    }
}

/// A run of `command` with no input, if it succeeds: a start, timed once. The CPU time of a
/// program that works on one thread varies by a millisecond from run to run, on a busy machine
/// too, where its wall time does not.
fn start(command: &[&OsStr]) -> Option<Run> {
    let ran = process::run(command, Stdin::Bytes(b""), &Options::default()).ok()?;
    ran.succeeded().then_some(ran)
}

/// What a start-up is made of, in words: a sentence, and a command that shows more, if there is
/// one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MadeOf {
    pub sentence: String,
    pub command: Option<String>,
}

impl MadeOf {
    fn said(sentence: String) -> Self {
        Self {
            sentence,
            command: None,
        }
    }
}

/// What an interpreter's start-up is made of, where the interpreter of `command` is known
/// (CPython, a JVM), measured here: the sentence that names it, with its cure where one is
/// known. `shim` is the pyenv shim the command starts through, if it does, which adds its own
/// start to the interpreter's; CPython's `site` may import whole packages at every start (a
/// `.pth` file in site-packages can), which `-X importtime` shows; a JVM's start the judge pays
/// as well.
pub fn start_up(command: &[OsString], shim: Option<&Shim>) -> Option<MadeOf> {
    let interpreter = command.first()?;
    let name = Path::new(interpreter)
        .file_name()?
        .to_string_lossy()
        .into_owned();
    if let Some(shim) = shim {
        return Some(MadeOf::said(format!(
            "{name} is pyenv's shim, which adds {:.0} ms to every start: give the interpreter itself, {} (pyenv which {name}).",
            shim.cost().as_secs_f64() * 1000.0,
            shell_quoted(&shim.program.display().to_string()),
        )));
    }
    if name.starts_with("python") {
        return python_start_up(interpreter, &name);
    }
    if name == "java" {
        let version = start(&[interpreter, OsStr::new("-version")])?.wall;
        return Some(MadeOf::said(format!(
            "The JVM takes {:.0} ms to start here (java -version), which the judge's runs pay too.",
            version.as_secs_f64() * 1000.0
        )));
    }
    None
}

/// What CPython's start-up is made of: `interpreter`'s start with and without `site`, side by
/// side, on two cores (the check's runs are over, and the cores idle).
fn python_start_up(interpreter: &OsStr, name: &str) -> Option<MadeOf> {
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
    Some(match site * 2 > with_site {
        true => MadeOf {
            sentence: format!(
                "Of {name}'s {:.0} ms start here, its site module takes {:.0} ms ({:.0} ms with -S), importing what site-packages' .pth files ask for, which this shows:",
                milliseconds(with_site),
                milliseconds(site),
                milliseconds(without),
            ),
            command: Some(format!("{quoted} -X importtime -c pass")),
        },
        false => MadeOf::said(format!(
            "{name} itself takes {:.0} ms to start here, which the judge's runs pay too.",
            milliseconds(with_site),
        )),
    })
}
