//! The setup of a check: `check`'s command line as clap reads it ([`CheckArgs`]), turned into a
//! [`Setup`] that the check runs on, as ripgrep turns its low-level arguments into high-level
//! ones. Every option is checked first, then every program is resolved, and only then is any
//! source built: a mistake on the command line is found at once, not after a compilation. What is
//! only about the terminal (the progress line, Ctrl-C, printing) is the subcommand's.

use crate::build::{self, BuildError, Built, Ready};
use crate::builtin;
use crate::custom::{Custom, Helpers};
use crate::error::{Error, Exit, Helper};
use crate::format::{mebibytes, shell_line};
use crate::input::{Builtin, Input, JUDGE_MAX, Text};
use crate::judge::{Comparison, Limits};
use crate::problem::Problem;
use crate::process;
use crate::resolve::{self, Resolved, Shim};
use crate::samples::{self, OJ_FOLDER, Samples};
use crate::spec::Spec;
use clap::ValueEnum;
use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::thread;

mod args;

pub use args::{CheckArgs, USAGE, positive_seconds};

/// A check, set up: the problem, the program under check, how its cases go and are judged, and
/// where what it finds is saved.
pub struct Setup {
    pub problem: Box<dyn Problem>,
    /// The program as the user gave it, as a shell reads it back: `main.cpp`, `./a.out`.
    pub program: String,
    /// The program's command line: what runs it.
    pub command: Vec<OsString>,
    /// The pyenv shim the program starts through, if it does.
    pub shim: Option<Shim>,
    /// The input given to shrink first (`--shrink`).
    pub to_shrink: Option<Input>,
    pub cases: usize,
    pub seed: u64,
    pub limits: Limits,
    /// How many times as long a program takes here as on the judge: runs are stopped that much
    /// later, and their times are divided by it (`--time-factor`).
    pub time_factor: f64,
    /// The folder the failing case is saved in.
    pub folder: SaveFolder,
    /// Where the explore page of the failing input goes, if anywhere.
    pub html: Option<PathBuf>,
    /// How each source among the program and the helpers was built and is run: whose it is (`the
    /// program`, `the generator`) and how.
    pub built: Vec<(String, Built)>,
    /// How many runs go at once, where only their answers are judged (`--jobs`).
    pub jobs: usize,
    /// What the user should know before the check starts: options that went to the program, a
    /// command split as a shell splits it, a shim, a smaller stack.
    pub warnings: Vec<String>,
    /// The tool's command line as the user ran it, from which the report makes the command that
    /// runs a saved case again: empty where the setup was made otherwise (a test's).
    pub invoked: Vec<String>,
}

/// Why a check does not start.
#[derive(Debug)]
pub enum Halt {
    Error(Error),
    NotBuilt(Box<NotBuilt>),
}

impl From<Error> for Halt {
    fn from(error: Error) -> Self {
        Self::Error(error)
    }
}

/// A source of the check that does not compile: the program's (`helper` None), a compilation
/// error, or a helper's.
#[derive(Debug)]
pub struct NotBuilt {
    /// The problem, or the program, as the report names what was not checked.
    pub name: String,
    pub helper: Option<Helper>,
    pub source: PathBuf,
    pub error: BuildError,
}

impl NotBuilt {
    /// How the run ends: the program's compilation error fails it, a helper's is the helper's.
    pub fn exit(&self) -> Exit {
        match self.helper {
            None => Exit::Failed,
            Some(_) => Exit::HelperFailed,
        }
    }
}

/// A program of the check, resolved: whose it is (None: the program under check).
struct Given {
    helper: Option<Helper>,
    resolved: Resolved,
}

impl Setup {
    /// The check that `args` describe, set up: every option checked, every program resolved, then
    /// every source built (a helper's first, then the program's).
    pub fn new(args: &CheckArgs) -> Result<Self, Halt> {
        let mut warnings = Vec::new();
        let limits = Limits {
            time: args.time_limit,
            memory: args.memory_limit << 20,
            stack: stack_within_reach(args.stack << 20, &mut warnings),
        };
        let problem = ProblemArgs::of(args)?;
        let seed = args.seed.unwrap_or_else(seed_from_the_clock);
        let folder = SaveFolder::make(args.save.clone(), problem.name(), seed)?;
        if let Some(path) = &args.html
            && let Err(error) = can_write(path)
        {
            let message = format!("cannot write {}: {error}", path.display());
            return Err(Error::Usage(message).into());
        }
        let samples = match &problem {
            ProblemArgs::Own { .. } => Some(read_samples(args)?),
            ProblemArgs::Builtin { .. } => None,
        };
        let to_shrink = match &args.shrink {
            Some(path) => Some(read_to_shrink(path, &problem)?),
            None => None,
        };
        let given = problem.resolve(args)?;
        let mut built = Vec::new();
        let mut ready = Vec::new();
        for given in given {
            let program = make_ready(given, args, &problem, &mut built)?;
            ready.push(program);
        }
        let program = ready
            .pop()
            .expect("the program under check is resolved last");
        if let Some(note) = &program.note {
            warnings.push(note.clone());
        }
        if let Some(shim) = &program.shim {
            warnings.push(shim.note(&program.command));
        }
        warnings.extend(misplaced_options(&program.command));
        let (problem, words) = problem.with_helpers(args, ready, samples, limits);
        Ok(Self {
            problem,
            program: shell_line(&words),
            command: program.command,
            shim: program.shim,
            to_shrink,
            cases: args.cases as usize,
            seed,
            limits,
            time_factor: args.time_factor,
            folder,
            html: args.html.clone(),
            built,
            jobs: args.jobs.map_or_else(
                || thread::available_parallelism().map_or(1, |cores| cores.get()),
                |jobs| jobs as usize,
            ),
            warnings,
            invoked: Vec::new(),
        })
    }

    /// The program's command line as a shell reads it back.
    pub fn command_line(&self) -> String {
        shell_line(&self.command)
    }
}

/// The problem that the command line names, before any program is resolved.
enum ProblemArgs {
    /// A built-in problem, and the words of the program under check.
    Builtin {
        problem: Builtin,
        command: Vec<OsString>,
    },
    /// A user's own, named after the folder the check runs in, with its spec if it has one.
    Own {
        name: String,
        spec: Option<Box<Spec>>,
    },
}

impl ProblemArgs {
    /// The problem of `args`, whose options are checked to be of it.
    fn of(args: &CheckArgs) -> Result<Self, Error> {
        if args.generator.is_none() && args.spec.is_none() {
            let given = args.own_problem_options();
            if let Some((option, _)) = given.iter().find(|(_, given)| *given) {
                let message =
                    format!("{option} is for a problem of your own, with --generator or --spec");
                return Err(Error::Usage(message));
            }
            let (name, command) = args.words.split_first().expect("clap requires a word");
            let problem = problem_named(name)?;
            if command.is_empty() {
                let message = "the following required arguments were not provided:\n  <CMD>...";
                return Err(Error::Usage(message.to_string()));
            }
            let command = command.to_vec();
            return Ok(Self::Builtin { problem, command });
        }
        if args.interactor.is_some() {
            // The interactor judges the dialogue: nothing else judges an answer.
            let judging = [
                ("--reference", args.reference.is_some()),
                ("--checker", args.checker.is_some()),
                ("--tolerance", args.tolerance.is_some()),
            ];
            if let Some((option, _)) = judging.iter().find(|(_, given)| *given) {
                let message = format!(
                    "{option} judges answers, and an interactive problem's interactor judges: leave out {option} with --interactor"
                );
                return Err(Error::Usage(message));
            }
        } else if args.reference.is_none() {
            let message = "a problem of your own needs its reference, --reference REF, which prints the right answer (or, for an interactive problem, its interactor, --interactor INT)";
            return Err(Error::Usage(message.to_string()));
        }
        let spec = args.spec.as_deref().map(Spec::load).transpose()?;
        Ok(Self::Own {
            name: problem_name(),
            spec: spec.map(Box::new),
        })
    }

    fn name(&self) -> &str {
        match self {
            Self::Builtin { problem, .. } => problem.name(),
            Self::Own { name, .. } => name,
        }
    }

    /// The problem, with the helpers of a user's own made `ready` (the program under check's
    /// taken out), its `samples` and its comparison, under `limits`; and the words of the
    /// program under check as given.
    fn with_helpers(
        self,
        args: &CheckArgs,
        ready: Vec<Ready>,
        samples: Option<Samples>,
        limits: Limits,
    ) -> (Box<dyn Problem>, Vec<OsString>) {
        let (name, spec) = match self {
            Self::Builtin { problem, command } => return (Box::new(problem), command),
            Self::Own { name, spec } => (name, spec.map(|spec| *spec)),
        };
        let [generator, reference, checker, validator, interactor] = helpers(args, ready);
        let command = |ready: &Option<Ready>| ready.as_ref().map(|ready| ready.command.clone());
        // A helper runs by what a pyenv shim stands for, which it would pay at every run; the
        // program under check runs as given, and is told of its shim.
        let kinds = [
            (Helper::Generator, &generator),
            (Helper::Reference, &reference),
            (Helper::Checker, &checker),
            (Helper::Validator, &validator),
            (Helper::Interactor, &interactor),
        ];
        let run_by = kinds.iter().filter_map(|(helper, ready)| {
            let shim = ready.as_ref()?.shim.as_ref()?;
            Some((*helper, shim.program.clone().into_os_string()))
        });
        let helpers = Helpers {
            generator: command(&generator),
            reference: command(&reference),
            checker: command(&checker),
            validator: command(&validator),
            interactor: command(&interactor),
            run_by: run_by.collect(),
        };
        let Samples {
            samples,
            comparison,
        } = samples.unwrap_or_default();
        let comparison = match args.tolerance {
            Some(error) => Comparison::Float {
                absolute: error,
                relative: error,
            },
            None => comparison.unwrap_or(Comparison::Lines),
        };
        let largest = args.max_size.map_or(JUDGE_MAX, |size| size as usize);
        let own = Custom::new(name, helpers, spec, samples, comparison, largest, limits);
        (Box::new(own), args.words.clone())
    }

    /// Every program of the check, resolved: the helpers of a user's problem (generator,
    /// reference, checker, validator, interactor, as given), then the program under check. A
    /// helper is a source, a command line in one argument as the shell splits it, or a program.
    fn resolve(&self, args: &CheckArgs) -> Result<Vec<Given>, Error> {
        let mut given = Vec::new();
        if let Self::Own { .. } = self {
            let helpers = [
                (Helper::Generator, &args.generator),
                (Helper::Reference, &args.reference),
                (Helper::Checker, &args.checker),
                (Helper::Validator, &args.validator),
                (Helper::Interactor, &args.interactor),
            ];
            for (helper, words) in helpers {
                let Some(words) = words else {
                    continue;
                };
                let option = helper.name();
                let again = |options: &str, command: &str| {
                    format!("atcoder-games check {options}--{option} {command} ...")
                };
                let resolved = resolve::resolve(std::slice::from_ref(words), again)
                    .map_err(|error| Error::Usage(format!("--{option}: {error}")))?;
                given.push(Given {
                    helper: Some(helper),
                    resolved,
                });
            }
        }
        let resolved = match self {
            Self::Builtin { problem, command } => {
                let name = problem.name();
                let again = |options: &str, command: &str| {
                    format!("atcoder-games check {options}{name} {command}")
                };
                resolve::resolve(command, again)?
            }
            Self::Own { .. } => {
                let again = |options: &str, command: &str| {
                    format!("atcoder-games check {options}--generator ... {command}")
                };
                resolve::resolve(&args.words, again)?
            }
        };
        given.push(Given {
            helper: None,
            resolved,
        });
        Ok(given)
    }
}

/// `given` made ready to run, its build noted in `built` if it was a source.
fn make_ready(
    given: Given,
    args: &CheckArgs,
    problem: &ProblemArgs,
    built: &mut Vec<(String, Built)>,
) -> Result<Ready, Halt> {
    let who = given.helper.map_or("the program".to_string(), |helper| {
        format!("the {}", helper.name())
    });
    let option = (given.helper)
        .map(|helper| format!("--{}: ", helper.name()))
        .unwrap_or_default();
    match build::ready(given.resolved, &args.build_options()) {
        Ok(ready) => {
            if let Some(how) = &ready.built {
                built.push((who, how.clone()));
            }
            Ok(ready)
        }
        Err((source, error @ BuildError::Compile { .. })) => {
            // The problem as the command line names it.
            let name = match problem {
                ProblemArgs::Own { name, .. } => name.clone(),
                ProblemArgs::Builtin { .. } => args.words[0].to_string_lossy().into_owned(),
            };
            Err(Halt::NotBuilt(Box::new(NotBuilt {
                name,
                helper: given.helper,
                source,
                error,
            })))
        }
        Err((source, error @ BuildError::Io(_))) => {
            Err(Error::Fatal(error.message(&source)).into())
        }
        Err((source, error)) => {
            Err(Error::Usage(format!("{option}{}", error.message(&source))).into())
        }
    }
}

/// The helpers' command lines, in the order [`ProblemArgs::resolve`] resolved them, each where
/// `args` gave it: generator, reference, checker, validator, interactor.
fn helpers(args: &CheckArgs, ready: Vec<Ready>) -> [Option<Ready>; 5] {
    let given = [
        args.generator.is_some(),
        args.reference.is_some(),
        args.checker.is_some(),
        args.validator.is_some(),
        args.interactor.is_some(),
    ];
    let mut ready = ready.into_iter();
    given.map(|given| given.then(|| ready.next().expect("a helper resolved")))
}

/// The samples of a user's problem: those `--samples` names, or oj's `test/` folder when it
/// exists; the last answer comparison any of them says.
fn read_samples(args: &CheckArgs) -> Result<Samples, Error> {
    let paths = match args.samples.is_empty() && Path::new(OJ_FOLDER).is_dir() {
        true => vec![PathBuf::from(OJ_FOLDER)],
        false => args.samples.clone(),
    };
    let mut all = Samples::default();
    for path in paths {
        let read = samples::read(&path)?;
        all.samples.extend(read.samples);
        all.comparison = read.comparison.or(all.comparison);
    }
    Ok(all)
}

/// The input at `path` to shrink first, an input of `problem`: a usage error where it cannot be
/// read, or is no input of a built-in problem (what its solution would say).
fn read_to_shrink(path: &Path, problem: &ProblemArgs) -> Result<Input, Error> {
    let shown = path.display();
    let text = fs::read_to_string(path)
        .map_err(|error| Error::Usage(format!("cannot read {shown}: {error}")))?;
    match problem {
        ProblemArgs::Builtin { problem, .. } => {
            builtin::read_input(*problem, &text).map_err(|error| {
                let message = error.to_string();
                let message = message.strip_prefix("error: ").unwrap_or(&message);
                Error::Usage(format!(
                    "{shown} is no input of {}: {message}",
                    problem.name()
                ))
            })
        }
        ProblemArgs::Own { .. } => Ok(Input::Text(Text { text, size: None })),
    }
}

/// The built-in problem that the command line's first word names.
fn problem_named(word: &OsString) -> Result<Builtin, Error> {
    let name = word.to_string_lossy();
    // The words after the options may start with a hyphen, the problem's may not: an option
    // clap does not know.
    if name.starts_with('-') {
        return Err(Error::Usage(format!("unexpected argument '{name}' found")));
    }
    Builtin::from_str(&name, true).map_err(|_| {
        Error::Usage(format!(
            "invalid value '{name}' for '<PROBLEM>': shiritori (or abc209_e), lucky7 (or abc195_e), or a problem of your own with --generator GEN or --spec SPEC, and --reference REF"
        ))
    })
}

/// The name of a user's problem: the name of the folder the check runs in, where contestants keep
/// one folder a problem (`abc300_a`), in the characters a file name takes.
fn problem_name() -> String {
    let folder = std::env::current_dir().ok();
    let name = folder.as_deref().and_then(Path::file_name);
    let name = name.map_or("problem".into(), |name| name.to_string_lossy());
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.".contains(c);
    name.chars()
        .map(|c| if plain(c) { c } else { '_' })
        .collect()
}

/// A warning for each of `check`'s options that came after the program in `command`, where it is
/// the program's argument and not `check`'s.
pub fn misplaced_options(command: &[OsString]) -> Vec<String> {
    let known = CheckArgs::options_with_values();
    let given = command[1..].iter().filter_map(|argument| argument.to_str());
    let misplaced = given.filter(|argument| {
        let name = argument.split('=').next().unwrap_or_default();
        known.iter().any(|option| option == name)
    });
    misplaced
        .map(|option| {
            format!(
                "warning: {option} comes after the program, so it went to the program, not to check; check's options come before the problem"
            )
        })
        .collect()
}

/// A seed of nine digits or fewer, from the clock, easy to type again.
fn seed_from_the_clock() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    u64::from(now.subsec_nanos())
}

/// Whether `path` can be written, found before the first run rather than after the search: a
/// file is opened there (and removed again if it was not there before).
fn can_write(path: &Path) -> io::Result<()> {
    let existed = path.exists();
    fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)?;
    if !existed {
        fs::remove_file(path)?;
    }
    Ok(())
}

/// The stack limit that runs can be given, `wanted` or less: no more than this process's hard
/// limit (`ulimit -Hs`), which only a privileged process may raise. A smaller one is said in
/// `warnings`.
fn stack_within_reach(wanted: u64, warnings: &mut Vec<String>) -> u64 {
    match process::hard_stack_limit() {
        Some(hard) if hard < wanted => {
            warnings.push(format!(
                "warning: the stack is limited to {} here (ulimit -Hs), less than --stack asks",
                mebibytes(hard as f64)
            ));
            hard
        }
        _ => wanted,
    }
}

/// The folder a failing case is saved in, made before any run so that one that cannot be written
/// is a usage error at once: the one `--save` names, or a new one of the system's temporary folder,
/// which holds this check's case and nothing else. The folders it made and left empty go when it
/// is dropped: a check that saved nothing leaves nothing behind.
#[derive(Debug)]
pub struct SaveFolder {
    pub path: PathBuf,
    /// The folders made, innermost first.
    pub made: Vec<PathBuf>,
}

/// The folder, in the folder of a saved case, of what the program printed.
pub const PRINTED: &str = "printed";

impl SaveFolder {
    /// The folder `--save` names (`given`), or a new one for a check of `problem` from `seed`,
    /// made with the folder for what the program printed.
    fn make(given: Option<PathBuf>, problem: &str, seed: u64) -> Result<Self, Error> {
        let cannot = |path: &Path, error: io::Error| {
            Error::Usage(format!("cannot save to {}: {error}", path.display()))
        };
        let (path, mut made) = match given {
            Some(path) => (path, Vec::new()),
            None => {
                let base = std::env::temp_dir().join(format!("atcoder-games-{problem}-{seed}"));
                let path = Self::fresh(&base).map_err(|error| cannot(&base, error))?;
                (path.clone(), vec![path])
            }
        };
        let printed = path.join(PRINTED);
        let missing = printed.ancestors().take_while(|folder| !folder.exists());
        made.splice(0..0, missing.map(Path::to_path_buf));
        match fs::create_dir_all(&printed) {
            Ok(()) => Ok(Self { path, made }),
            Err(error) => Err(cannot(&path, error)),
        }
    }

    /// A folder that no other check has: `base`, or `base-2`, `base-3`, … , the first that is
    /// not there, made at once so that a check running beside this one takes another.
    fn fresh(base: &Path) -> io::Result<PathBuf> {
        let mut numbered = (1..).map(|number| match number {
            1 => base.to_path_buf(),
            _ => PathBuf::from(format!("{}-{number}", base.display())),
        });
        loop {
            let path = numbered.next().expect("endless");
            match fs::create_dir(&path) {
                Ok(()) => return Ok(path),
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(error) => return Err(error),
            }
        }
    }

    /// Removes the folders it made that are empty: what a check stopped short (Ctrl-C) leaves.
    pub fn remove_empty(made: &[PathBuf]) {
        for folder in made {
            // Fails, and so keeps it, where a case was saved.
            let _ = fs::remove_dir(folder);
        }
    }
}

impl Drop for SaveFolder {
    fn drop(&mut self) {
        Self::remove_empty(&self.made);
    }
}

impl Halt {
    /// How the run ends.
    pub fn exit(&self) -> Exit {
        match self {
            Self::Error(error) => error.exit(),
            Self::NotBuilt(not_built) => not_built.exit(),
        }
    }
}
