//! `atcoder-games`: the tool around this crate's two solutions. It plays their games out
//! (`explain`), draws Shiritori's game graph (`dot`), writes a page to play and watch a game
//! (`explore`), stress-tests someone else's solution against them (`check`), prints their
//! editorials (`editorial`), and runs them (`solve`).

#![forbid(unsafe_code)]

mod check;
mod dot;
mod editorial;
mod explain;
mod explore;
mod generate;
mod solve;
mod streams;
mod validate;

use atcoder_games_tool::error::Error;
use atcoder_games_tool::input::Builtin;
use atcoder_games_tool::setup::CheckArgs;
use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser, ValueEnum};
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

/// Explains, draws and stress-tests solutions of AtCoder ABC209 E "Shiritori" and ABC195 E
/// "Lucky 7 Battle", with this crate's solutions as the trusted answer.
#[derive(Parser)]
#[command(name = "atcoder-games", version, arg_required_else_help = false)]
struct Cli {
    #[command(subcommand)]
    subcommand: Subcommand,
}

#[derive(clap::Subcommand)]
enum Subcommand {
    /// Stress-test a solution: find the smallest input on which the judge would say WA, RE, TLE or MLE
    Check(Box<CheckArgs>),
    /// Play out the games of the input (on stdin) under optimal play
    #[command(arg_required_else_help = false)]
    Explain {
        #[command(subcommand)]
        problem: ExplainedProblem,
    },
    /// Print Shiritori's game graph, for the input on stdin, in Graphviz's DOT language
    #[command(
        after_help = "Render it with `dot -Tsvg -o game.svg`; Graphviz's layout gets slow beyond a few thousand words."
    )]
    Dot {
        #[arg(value_enum)]
        problem: DrawnProblem,
    },
    /// Write a web page of the game on stdin (HTML on stdout): play it against the solver, watch
    /// the analysis run
    #[command(
        after_help = "Open the page in a browser: atcoder-games explore shiritori < input > game.html. It needs no network. Up to 200,000 words or rounds."
    )]
    Explore {
        #[arg(value_enum)]
        problem: Builtin,
    },
    /// Print a problem's editorial, or one section of it (as a report cites it)
    Editorial {
        #[arg(value_enum)]
        problem: Builtin,
        /// The section, by its heading's anchor: common-mistakes, say; all of it without one
        section: Option<String>,
    },
    /// Print one input made from a problem's spec (its statement's Input and Constraints), as a
    /// generator prints one for SIZE and SEED
    Gen {
        /// The spec: the statement's Input and Constraints sections, AtCoder's markup or typed
        spec: PathBuf,
        /// How large: SIZE caps the sizes, each value that counts something
        #[arg(value_parser = clap::value_parser!(u64).range(1..))]
        size: u64,
        /// The seed: the same SIZE and SEED give the same input
        seed: u64,
    },
    /// Check an input against a problem's spec: exit status 0 if it keeps it, 1 if not, 2 for a
    /// spec it cannot read
    Validate {
        /// The spec: the statement's Input and Constraints sections, AtCoder's markup or typed
        spec: PathBuf,
        /// The input [default: stdin]
        file: Option<PathBuf>,
    },
    /// Run this crate's solution on the input on stdin, as the judge would
    Solve {
        #[arg(value_enum)]
        problem: Builtin,
        /// Shiritori only: also print how many words each game lasts, counting the opening word,
        /// when the winner hurries and the loser delays
        #[arg(long)]
        depth: bool,
    },
}

/// The problems whose games `explain` plays out.
#[derive(clap::Subcommand)]
enum ExplainedProblem {
    /// The games that Takahashi opens with words I, J, ... (numbered from 1 in input order), a word
    /// per line, separated by blank lines
    #[command(alias = "abc209_e")]
    Shiritori {
        /// The numbers of the opening words, from 1 to N; may repeat
        #[arg(value_name = "I", required = true)]
        words: Vec<usize>,
    },
    /// The game, a round per line, with the residues modulo 7 from which Takahashi wins before and
    /// after each round
    #[command(alias = "abc195_e")]
    Lucky7,
}

/// The problems whose game graph `dot` draws.
#[derive(Clone, Copy, ValueEnum)]
enum DrawnProblem {
    #[value(alias = "abc209_e")]
    Shiritori,
}

fn main() -> ExitCode {
    let subcommand = parse(std::env::args_os().collect()).subcommand;
    let name = subcommand.name();
    match run(subcommand) {
        Ok(code) => code,
        Err(Error::Usage(message)) => exit_with_usage_error(name, message),
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(error.exit().status())
        }
    }
}

impl Subcommand {
    /// Its name on the command line.
    fn name(&self) -> &'static str {
        match self {
            Self::Check(_) => "check",
            Self::Explain { .. } => "explain",
            Self::Dot { .. } => "dot",
            Self::Explore { .. } => "explore",
            Self::Editorial { .. } => "editorial",
            Self::Solve { .. } => "solve",
            Self::Gen { .. } => "gen",
            Self::Validate { .. } => "validate",
        }
    }
}

/// Runs `subcommand`: the exit status it ends with, or what went wrong.
fn run(subcommand: Subcommand) -> Result<ExitCode, Error> {
    let done = |()| ExitCode::SUCCESS;
    match subcommand {
        Subcommand::Check(options) => check::check(&options),
        Subcommand::Explain {
            problem: ExplainedProblem::Shiritori { words },
        } => explain::shiritori(&words).map(done),
        Subcommand::Explain {
            problem: ExplainedProblem::Lucky7,
        } => explain::lucky7().map(done),
        Subcommand::Dot {
            problem: DrawnProblem::Shiritori,
        } => dot::shiritori().map(done),
        Subcommand::Explore { problem } => match problem {
            Builtin::Shiritori => explore::shiritori().map(done),
            Builtin::Lucky7 => explore::lucky7().map(done),
        },
        Subcommand::Editorial { problem, section } => {
            editorial::editorial(problem, section.as_deref()).map(done)
        }
        Subcommand::Solve { problem, depth } => solve::solve(problem, depth),
        Subcommand::Gen { spec, size, seed } => generate::generate(&spec, size, seed).map(done),
        Subcommand::Validate { spec, file } => validate::validate(&spec, file.as_deref()),
    }
}

/// The command line, or the end of the run with clap's help, version or usage error. A mistake
/// is an error wherever it stands: `--help` beside it does not hide it, in either order.
fn parse(mut arguments: Vec<OsString>) -> Cli {
    // `help --help` asks for the help on `help`, which is the help.
    if arguments.get(1).is_some_and(|argument| argument == "help") {
        arguments.retain(|argument| argument != "--help" && argument != "-h");
    }
    let error = match Cli::try_parse_from(&arguments) {
        Ok(cli) => return cli,
        Err(error) => error,
    };
    let error = match error.kind() {
        ErrorKind::DisplayHelp => mistake_beside_help(&arguments).unwrap_or(error),
        _ => error,
    };
    with_usage(error, &arguments).exit()
}

/// The mistake on a command line that asked for `--help`, if it has one: clap stops at the
/// first `--help`, so the rest is read without it. What is missing is no mistake there.
fn mistake_beside_help(arguments: &[OsString]) -> Option<clap::Error> {
    let asked = arguments
        .iter()
        .position(|argument| argument == "--help" || argument == "-h")?;
    let mut rest = arguments.to_vec();
    rest.remove(asked);
    let mistake = Cli::try_parse_from(rest).err()?;
    let missing = matches!(
        mistake.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::MissingRequiredArgument
            | ErrorKind::MissingSubcommand
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    (!missing).then_some(mistake)
}

/// `error` with the usage of the subcommand that `arguments` name, which clap leaves out of some
/// errors (an invalid value): every usage error shows it (help and version show no usage line
/// of an error whatever it holds).
fn with_usage(mut error: clap::Error, arguments: &[OsString]) -> clap::Error {
    if error.get(ContextKind::Usage).is_none() {
        let usage = usage_of(arguments);
        error.insert(ContextKind::Usage, ContextValue::StyledStr(usage));
    }
    error
}

/// The usage of the deepest subcommand that `arguments` name.
fn usage_of(arguments: &[OsString]) -> StyledStr {
    let mut command = Cli::command();
    command.build();
    let mut command = &mut command;
    for argument in arguments.iter().skip(1) {
        let name = argument.to_string_lossy();
        if command.find_subcommand(name.as_ref()).is_none() {
            break;
        }
        command = command
            .find_subcommand_mut(name.as_ref())
            .expect("the subcommand just found");
    }
    command.render_usage()
}

/// Ends the run with clap's usage error for `subcommand`: `message`, its usage, a pointer to
/// `--help`, and exit status 2.
fn exit_with_usage_error(subcommand: &str, message: impl std::fmt::Display) -> ! {
    let mut command = Cli::command();
    command.build();
    let subcommand = command
        .find_subcommand_mut(subcommand)
        .expect("a subcommand of this tool");
    subcommand
        .error(ErrorKind::ArgumentConflict, message)
        .exit()
}
