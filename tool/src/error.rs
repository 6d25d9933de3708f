//! What can go wrong for the tool, in one type for every subcommand and every layer of the
//! library, and the exit status each kind ends the run with.

use std::fmt;

/// Why the tool could not do what it was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A mistake on the command line, found before anything ran, or a program that cannot be
    /// started: exit status 2, with the usage and a pointer to `--help`.
    Usage(String),
    /// Anything else that stopped the work: a malformed input, a file that cannot be read or
    /// written, a program that cannot be watched: exit status 1, after one `error: ` line.
    Fatal(String),
    /// A helper program of the user's (generator, reference, checker, validator, interactor)
    /// failed, which is no verdict on the program under check: exit status 3, after a report
    /// that names it.
    Helper(Box<HelperFailure>),
}

/// A helper program that failed: which, how, and what makes it fail again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelperFailure {
    pub helper: Helper,
    /// What went wrong, in a sentence: `exited with status 1`.
    pub what: String,
    /// The lines of its stderr that hold the cause, if it printed any.
    pub stderr: String,
    /// The SIZE and SEED its input was generated with, if it was.
    pub generated: Option<(usize, u64)>,
    /// The input it failed on, if it had one (a generator has none), to save.
    pub input: Option<String>,
    /// The command line that ran it, as a shell reads it back, without its input: `python3
    /// gen.py 5 42`.
    pub command: String,
}

/// The helper programs a check of a user's own problem runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Helper {
    Generator,
    Reference,
    Checker,
    Validator,
    /// The judge of an interactive problem, which talks with the program.
    Interactor,
}

impl Helper {
    /// Its name, as the options name it: `generator`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Generator => "generator",
            Self::Reference => "reference",
            Self::Checker => "checker",
            Self::Validator => "validator",
            Self::Interactor => "interactor",
        }
    }
}

/// How a run of the tool ends, which its exit status says: the one place where the statuses are
/// decided, from an error ([`Error::exit`]) or from what a check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It did what it was asked, and a check found nothing wrong.
    Passed,
    /// A check found the program wrong, or the work stopped: 1.
    Failed,
    /// A mistake on the command line: 2.
    Usage,
    /// A helper of a user's problem failed, which says nothing of the program: 3.
    HelperFailed,
}

impl Exit {
    /// The exit status.
    pub fn status(self) -> u8 {
        match self {
            Self::Passed => 0,
            Self::Failed => 1,
            Self::Usage => 2,
            Self::HelperFailed => 3,
        }
    }
}

impl Error {
    /// How the run ends.
    pub fn exit(&self) -> Exit {
        match self {
            Self::Usage(_) => Exit::Usage,
            Self::Fatal(_) => Exit::Failed,
            Self::Helper(_) => Exit::HelperFailed,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Usage(message) | Self::Fatal(message) => formatter.write_str(message),
            Self::Helper(failure) => {
                write!(formatter, "the {} {}", failure.helper.name(), failure.what)
            }
        }
    }
}
