//! What can go wrong for the tool, in one type for every subcommand, and the exit status each
//! kind ends the run with.

use std::fmt;

/// Why a subcommand could not do what it was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A mistake on the command line, found before anything ran: exit status 2, with the usage
    /// and a pointer to `--help`.
    Usage(String),
    /// Anything else that stopped the work: a malformed input, a file that cannot be read or
    /// written, a program that cannot be watched: exit status 1, after one `error: ` line.
    Failed(String),
}

impl Error {
    /// The exit status the run ends with.
    pub fn status(&self) -> u8 {
        match self {
            Self::Usage(_) => 2,
            Self::Failed(_) => 1,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Usage(message) | Self::Failed(message) => formatter.write_str(message),
        }
    }
}
