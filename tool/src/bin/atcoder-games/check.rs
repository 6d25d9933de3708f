//! `atcoder-games check`: the stress test, as the user runs it.

use crate::arguments::{ProblemName, positive_seconds};
use crate::command::{misplaced_options, to_run};
use atcoder_games_tool::error::Error;
use atcoder_games_tool::family::Origin;
use atcoder_games_tool::format::{mebibytes, shell_quoted, with_commas};
use atcoder_games_tool::growth::{self, Curve, Failing};
use atcoder_games_tool::judge::{Failure, Limits, Precision, Verdict, judge, judged_time, settle};
use atcoder_games_tool::problem::{Input, JUDGE_MAX, Problem};
use atcoder_games_tool::process::{self, Run, RunError, Stdin};
use atcoder_games_tool::report::{CheckSetup, PRINTED, SavedCase, TrustedOutput, passed, report};
use atcoder_games_tool::search::{
    Answered, Case, Conclusion, DIAGNOSIS_SIZE, Found, Margins, Plan, Progress, WorkClock,
    diagnose, search,
};
use atcoder_games_tool::shiritori::plumbing::TokenSource;
use atcoder_games_tool::solved::{AnalysedDictionary, lucky7_game};
use atcoder_games_tool::{games, lucky7, page, shiritori};
use clap::Args;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::ffi::OsString;
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The options of `check`.
#[derive(Args)]
pub struct CheckOptions {
    /// How many random inputs to try
    #[arg(long, default_value_t = 300, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..))]
    cases: u32,
    /// The random seed, to repeat a run [default: from the clock; printed]
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Time limit per run, in seconds, on the time the judge counts: elapsed time, but no more
    /// than the CPU time of the program and all it started
    #[arg(long, value_name = "SECONDS", default_value = "2", allow_negative_numbers = true, value_parser = positive_seconds)]
    timeout: Duration,
    /// Memory limit per run: peak resident memory in MiB, of the program and all it started
    #[arg(long, value_name = "MIB", default_value_t = 1024, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    memory: u64,
    /// How many times as long a program takes on this machine as on the judge's, to judge the
    /// times as the judge would: time a program whose AtCoder time you know, and divide
    #[arg(long, value_name = "X", default_value_t = 1.0, allow_negative_numbers = true, value_parser = positive_factor)]
    time_factor: f64,
    /// Stack limit per run, in MiB: the judge's is 1024 (`ulimit -s 1048576`)
    #[arg(long, value_name = "MIB", default_value_t = 1024, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    stack: u64,
    /// Save the failing case in this folder, as oj's NAME.in and NAME.out (the right answer), with
    /// what the program printed beside them [default: a folder of the system's temporary folder]
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// Also write the explore page of the smallest failing input to this file, opened at the first
    /// word where the answers differ, with the program's answer beside the right one
    #[arg(long, value_name = "PATH")]
    html: Option<PathBuf>,
    /// The problem the solution solves
    #[arg(value_enum)]
    problem: ProblemName,
    /// The command that runs the solution, with its arguments (or as one string, as oj's -c)
    #[arg(
        value_name = "CMD",
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    command: Vec<OsString>,
}

/// A positive factor.
fn positive_factor(text: &str) -> Result<f64, String> {
    let factor = text
        .parse::<f64>()
        .ok()
        .filter(|factor| *factor > 0.0 && factor.is_finite());
    factor.ok_or_else(|| "expected a positive number".to_string())
}

/// Why a check could not be carried out.
pub enum CheckError {
    /// The program under check could not be run.
    Program(RunError),
    /// This crate's own solution failed: a bug here.
    Trusted(String),
    /// A file could not be written.
    Failed(String),
}

/// What this crate's solution says of `input` for `problem`, from its own code, called in place:
/// the judge's answer, or a game played out as `explain` plays it.
fn trusted(problem: Problem, asked: TrustedOutput, input: &str) -> Result<String, CheckError> {
    let mut out = Vec::new();
    let written = match (problem, asked) {
        (Problem::Shiritori, TrustedOutput::Answer) => {
            let mut source = TokenSource::new(input.as_bytes());
            let dictionary = shiritori::read_dictionary(&mut source)
                .map_err(|error| CheckError::Trusted(source.message(error)))?;
            let analysis = shiritori::analyse(dictionary.moves);
            shiritori::write_winners(&mut out, &dictionary.to, &analysis)
        }
        (Problem::Shiritori, TrustedOutput::Game(word)) => {
            let dictionary =
                AnalysedDictionary::read(input.as_bytes()).map_err(CheckError::Trusted)?;
            let word = word.unwrap_or(1);
            games::write_shiritori_games(&mut out, &dictionary, &[word])
        }
        (Problem::Lucky7, asked) => {
            let game = lucky7_game(input.as_bytes()).map_err(CheckError::Trusted)?;
            match asked {
                TrustedOutput::Answer => writeln!(out, "{}", lucky7::winner(&game)),
                TrustedOutput::Game(_) => games::write_lucky7_game(&mut out, &game),
            }
        }
    };
    written.map_err(|error| CheckError::Trusted(error.to_string()))?;
    String::from_utf8(out).map_err(|error| CheckError::Trusted(error.to_string()))
}

/// Prints `text` on stdout; a reader that closed the pipe early (say, `head`) has what it wanted.
fn print_out(text: &str) {
    let _ = io::stdout().lock().write_all(text.as_bytes());
}

/// What a failing run printed, kept for the saved case.
struct Printed {
    input: Input,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// The program under check, the limits it runs under, and what the check has seen of it: the
/// margins of its runs, and what its last failing run of each verdict printed.
struct Program {
    command: Vec<OsString>,
    limits: Limits,
    /// How many times as long a program takes here as on the judge: runs are stopped that much
    /// later, and their times are divided by it.
    time_factor: f64,
    /// The case being run, as the search's progress says.
    case: Cell<Case>,
    /// The time its runs took: the clock of the search's budgets, the same on a busy machine.
    clock: WorkClock,
    margins: RefCell<Margins>,
    printed: RefCell<HashMap<Verdict, Printed>>,
    /// What it answered on the small inputs it was run on, for a diagnosis: None where it did not
    /// answer (a crash, a limit).
    answered: RefCell<Vec<(Input, Option<Answered>)>>,
}

impl Program {
    /// Runs the program on `input`, stopped at `limits` as the judge would: with its times as the
    /// judge's would be (see [`Program::time_factor`]).
    fn execute(&self, input: &Input, limits: &Limits) -> Result<Run, CheckError> {
        let text = input.text();
        let stdin = Stdin::Bytes(text.as_bytes());
        let factor = self.time_factor;
        let mut options = limits.options(input.longest_answer());
        options.time_limit = options.time_limit.map(|limit| limit.mul_f64(factor));
        options.wall_limit = options.wall_limit.map(|limit| limit.mul_f64(factor));
        let mut ran = process::run(&self.command, stdin, &options).map_err(CheckError::Program)?;
        ran.cpu = ran.cpu.div_f64(factor);
        ran.wall = ran.wall.div_f64(factor);
        self.clock.spend(judged_time(&ran));
        Ok(ran)
    }

    /// What the program answers on `input`, and whether that is right; None when it crashed or
    /// ran out of time, memory or output.
    fn answered(&self, problem: Problem, input: &Input) -> Result<Option<Answered>, CheckError> {
        let expected = trusted(problem, TrustedOutput::Answer, &input.text())?;
        let ran = self.execute(input, &self.limits)?;
        let answered = match judge(&expected, &ran, &self.limits) {
            None => Some(true),
            Some(Failure::WrongAnswer { .. }) => Some(false),
            Some(_) => None,
        };
        let answer = String::from_utf8_lossy(&ran.stdout).into_owned();
        Ok(answered.map(|right| Answered { answer, right }))
    }

    /// Judges the program on `input` against this crate's answer, from runs that settle its time
    /// ([`settle`]), and notes the run's margins, or what a failing run printed.
    fn test(&self, problem: Problem, input: &Input) -> Result<Option<Failure>, CheckError> {
        let expected = trusted(problem, TrustedOutput::Answer, &input.text())?;
        let settled = settle(&self.limits, Precision::Verdict, || {
            self.execute(input, &self.limits)
        })?;
        let ran = settled.run;
        let failure = judge(&expected, &ran, &self.limits);
        if input.size() <= DIAGNOSIS_SIZE {
            let answer = String::from_utf8_lossy(&ran.stdout).into_owned();
            let answered = match &failure {
                None => Some(Answered {
                    answer,
                    right: true,
                }),
                Some(Failure::WrongAnswer { .. }) => Some(Answered {
                    answer,
                    right: false,
                }),
                Some(_) => None,
            };
            self.answered.borrow_mut().push((input.clone(), answered));
        }
        match &failure {
            None => self.margins.borrow_mut().note(
                self.case.get(),
                input.size(),
                judged_time(&ran),
                ran.peak_memory,
            ),
            Some(failure) => {
                let printed = Printed {
                    input: input.clone(),
                    stdout: ran.stdout,
                    stderr: ran.stderr,
                };
                self.printed.borrow_mut().insert(failure.verdict(), printed);
            }
        }
        Ok(failure)
    }

    /// What the program printed on `found`'s smallest failing input: from the run that judged it,
    /// or, if that was not kept, from a run made now.
    fn printed(&self, found: &Found) -> Result<(Vec<u8>, Vec<u8>), CheckError> {
        let verdict = found.failure.verdict();
        match self.printed.borrow_mut().remove(&verdict) {
            Some(printed) if printed.input == found.input => Ok((printed.stdout, printed.stderr)),
            _ => {
                let ran = self.execute(&found.input, &self.limits)?;
                Ok((ran.stdout, ran.stderr))
            }
        }
    }

    /// How the program's time or memory grows on the family of `found`'s input, if it ran out
    /// of either: see [`growth::follow`].
    fn growth(&self, found: &Found, origin: Origin) -> Result<Option<Curve>, CheckError> {
        let at_judge_max = match found.case {
            Case::Family(_) => Some(&found.first_failure),
            Case::Sample(_) | Case::Random(_) => None,
        };
        let failing = Failing {
            origin,
            smallest_size: found.input.size(),
            smallest: &found.failure,
            at_judge_max,
        };
        growth::follow(&failing, &self.limits, |input, limits| {
            self.execute(input, limits)
        })
    }
}

/// Where the check is, for the line that Ctrl-C prints.
static STAGE: Mutex<String> = Mutex::new(String::new());

/// Notes where the check is, for Ctrl-C.
fn enter(stage: String) {
    *STAGE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = stage;
}

/// The command line of this run of the tool, with `--seed` added when it was not given, so that
/// it repeats this run: quoted as a shell reads it back.
fn repeating(seed: u64) -> String {
    let mut arguments: Vec<String> = std::env::args().collect();
    let seeded = arguments
        .iter()
        .position(|argument| argument == "check")
        .filter(|_| {
            !arguments
                .iter()
                .any(|argument| argument.starts_with("--seed"))
        });
    if let Some(at) = seeded {
        arguments.splice(at + 1..at + 1, ["--seed".to_string(), seed.to_string()]);
    }
    let quoted: Vec<String> = arguments
        .iter()
        .map(|argument| shell_quoted(argument))
        .collect();
    quoted.join(" ")
}

/// Runs the check that `options` describe, and reports it; a mistake found before the first run
/// is a usage error.
pub fn check(options: &CheckOptions) -> Result<ExitCode, Error> {
    let problem = Problem::from(options.problem);
    let given = options.problem_name();
    let command = to_run(&options.command, &given).map_err(Error::Usage)?;
    for warning in misplaced_options(&command) {
        eprintln!("{warning}");
    }
    let seed = options.seed.unwrap_or_else(seed_from_the_clock);
    let folder = match &options.save {
        Some(folder) => folder.clone(),
        None => std::env::temp_dir().join(format!("atcoder-games-{}-{seed}", problem.name())),
    };
    let folder = SaveFolder::make(folder).map_err(|(folder, error)| {
        Error::Usage(format!("cannot save to {}: {error}", folder.display()))
    })?;
    if let Some(path) = &options.html
        && let Err(error) = can_write(path)
    {
        let message = format!("cannot write {}: {error}", path.display());
        return Err(Error::Usage(message));
    }
    // The program under test runs in a process group of its own, which a terminal's Ctrl-C does
    // not reach: stop it, and all it started, and say where the check was.
    let repeat = repeating(seed);
    let made = folder.made.clone();
    let _ = ctrlc::set_handler(move || {
        // The stage is read first and held: the program stopped, the check would go on to the
        // next stage, which is not where it was.
        let held = STAGE.lock();
        let stage = held.as_deref().cloned().unwrap_or_default();
        process::stop_all();
        remove_empty(&made);
        eprintln!(
            "\ncheck: interrupted {stage} (seed {seed}); the program under test was stopped.\nTo run the same check again: {repeat}"
        );
        std::process::exit(130);
    });
    let program = Program {
        command,
        limits: Limits {
            time: options.timeout,
            memory: options.memory << 20,
            stack: stack_within_reach(options.stack << 20),
        },
        time_factor: options.time_factor,
        case: Cell::new(Case::Sample(1)),
        clock: WorkClock::new(),
        margins: RefCell::default(),
        printed: RefCell::default(),
        answered: RefCell::default(),
    };
    match checked(options, problem, seed, &folder.path, &program) {
        Ok(code) => Ok(code),
        Err(CheckError::Program(RunError::CannotStart(error))) => {
            let shown = shell_quoted(&program.command[0].to_string_lossy());
            Err(Error::Usage(format!("cannot start {shown}: {error}")))
        }
        Err(CheckError::Program(error)) => Err(Error::Failed(format!(
            "{}: {error}",
            command_line(&program.command)
        ))),
        Err(CheckError::Failed(message)) => Err(Error::Failed(message)),
        Err(CheckError::Trusted(message)) => Err(Error::Failed(format!(
            "this crate's own {} failed: {message}",
            problem.name()
        ))),
    }
}

/// The folder a failing case is saved in, made before any run so that one that cannot be written
/// is a usage error at once. The folders it made and left empty go when it is dropped: a check that
/// saved nothing leaves nothing behind.
struct SaveFolder {
    path: PathBuf,
    /// The folders made, innermost first.
    made: Vec<PathBuf>,
}

impl SaveFolder {
    fn make(path: PathBuf) -> Result<SaveFolder, (PathBuf, io::Error)> {
        let printed = path.join(PRINTED);
        let made = printed
            .ancestors()
            .take_while(|folder| !folder.exists())
            .map(Path::to_path_buf)
            .collect();
        match fs::create_dir_all(&printed) {
            Ok(()) => Ok(SaveFolder { path, made }),
            Err(error) => Err((path, error)),
        }
    }
}

impl Drop for SaveFolder {
    fn drop(&mut self) {
        remove_empty(&self.made);
    }
}

/// Removes those of `folders`, innermost first, that are empty.
fn remove_empty(folders: &[PathBuf]) {
    for folder in folders {
        // Fails, and so keeps it, where a case was saved.
        let _ = fs::remove_dir(folder);
    }
}

impl CheckOptions {
    /// The problem as the user named it, for the commands that hints show.
    fn problem_name(&self) -> String {
        match Problem::from(self.problem) {
            Problem::Shiritori => "shiritori".to_string(),
            Problem::Lucky7 => "lucky7".to_string(),
        }
    }
}

/// A seed of nine digits or fewer, from the clock, easy to type again.
fn seed_from_the_clock() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    u64::from(now.subsec_nanos())
}

/// `command` as a shell reads it back, for the report.
fn command_line(command: &[OsString]) -> String {
    let parts = command
        .iter()
        .map(|part| shell_quoted(&part.to_string_lossy()));
    parts.collect::<Vec<_>>().join(" ")
}

/// The search's progress in words: on a terminal as one line that changes, and for Ctrl-C.
fn describe(progress: &Progress, problem: Problem) -> String {
    match progress {
        Progress::Sample { number, samples } => format!("official sample {number}/{samples}"),
        Progress::Case { case, cases, input } => {
            format!("case {}/{cases}: {}", case + 1, input.describe_size())
        }
        Progress::Family { family } => {
            let size = with_commas(JUDGE_MAX);
            format!("family \"{}\": {size} {}", family.name(), problem.units())
        }
        Progress::Shrinking { steps, input } => format!(
            "shrinking: {} tried, down to {}",
            with_commas(*steps),
            input.describe_size()
        ),
    }
}

/// The check of `problem` that `options` describe from `seed`, of `program`, and its report: exit
/// status 0 when the program passed, 1 when it failed; the failing case is saved in `folder`.
fn checked(
    options: &CheckOptions,
    problem: Problem,
    seed: u64,
    folder: &Path,
    program: &Program,
) -> Result<ExitCode, CheckError> {
    let started = Instant::now();
    let cases = options.cases as usize;
    let show_progress = io::stderr().is_terminal();
    let progress = |progress: Progress| {
        match progress {
            Progress::Sample { number, .. } => program.case.set(Case::Sample(number)),
            Progress::Case { case, .. } => program.case.set(Case::Random(case)),
            Progress::Family { family } => program.case.set(Case::Family(family)),
            Progress::Shrinking { .. } => {}
        }
        let line = describe(&progress, problem);
        if show_progress {
            eprint!("\r\x1b[2K{line}");
        }
        enter(format!("at {line}"));
    };
    let test = |input: &Input| program.test(problem, input);
    let plan = Plan::new(cases, seed);
    let conclusion = search(problem, plan, &program.clock, test, progress)?;
    let command = command_line(&program.command);
    let mut setting = CheckSetup {
        problem,
        command: &command,
        cases,
        seed,
        limits: program.limits,
        saved: None,
        time_factor: program.time_factor,
    };
    let found = match conclusion {
        Conclusion::Passed { largest } => {
            if show_progress {
                eprint!("\r\x1b[2K");
            }
            let margins = program.margins.borrow();
            print_out(&passed(&setting, largest, &margins, started.elapsed()));
            return Ok(ExitCode::SUCCESS);
        }
        Conclusion::Failed(found) => found,
    };
    enter("measuring how it fails".to_string());
    if show_progress {
        eprint!("\r\x1b[2Kmeasuring how it fails");
    }
    let growth = match found.origin {
        Some(origin) => program.growth(&found, origin)?,
        None => None,
    };
    let diagnosis = match found.failure {
        Failure::WrongAnswer { .. } => {
            enter("looking for a known mistake".to_string());
            let known = program.answered.take();
            let answered = |input: &Input| program.answered(problem, input);
            diagnose(problem, seed, &known, &program.clock, answered)?
        }
        _ => None,
    };
    if show_progress {
        eprint!("\r\x1b[2K");
    }
    let input = found.input.text();
    let name = format!("{}-{seed}", problem.name());
    let saved = SavedCase {
        folder,
        name: &name,
    };
    let (stdout, stderr) = program.printed(&found)?;
    let right = trusted(problem, TrustedOutput::Answer, &input)?;
    let files = [
        ("in", input.as_bytes()),
        ("out", right.as_bytes()),
        ("stdout", &stdout),
        ("stderr", &stderr),
    ];
    for (extension, bytes) in files {
        let path = saved.path(extension);
        if let Err(error) = fs::write(&path, bytes) {
            let message = format!("cannot save {}: {error}", path.display());
            return Err(CheckError::Failed(message));
        }
    }
    setting.saved = Some(saved);
    let trusted = |asked| trusted(problem, asked, &input);
    let mut findings = report(
        &setting,
        &found,
        growth.as_ref(),
        diagnosis.as_ref(),
        trusted,
    )?;
    if let Some(path) = &options.html {
        // A wrong answer's page shows the program's answers beside the right ones.
        let answers = matches!(found.failure, Failure::WrongAnswer { .. }).then(|| {
            let printed = String::from_utf8_lossy(&stdout);
            printed
                .lines()
                .map(|line| line.trim_end().to_string())
                .collect()
        });
        let opened = match answers {
            Some(_) => "opened where the answers first differ",
            None => "of the failing input",
        };
        match write_page(path, problem, &input, answers) {
            Ok(()) => findings.push_str(&format!(
                "The game's page, {opened}: {}\n",
                shell_quoted(&path.display().to_string())
            )),
            Err(error) => eprintln!("error: cannot write {}: {error}", path.display()),
        }
    }
    print_out(&findings);
    Ok(ExitCode::FAILURE)
}

/// Writes the explore page of `input` to `path`, with the program's `answers` if it gave some.
fn write_page(
    path: &Path,
    problem: Problem,
    input: &str,
    answers: Option<page::ProgramAnswers>,
) -> Result<(), String> {
    let page = match problem {
        Problem::Shiritori => AnalysedDictionary::read(input.as_bytes())
            .and_then(|dictionary| page::shiritori_page(&dictionary, answers))?,
        Problem::Lucky7 => {
            lucky7_game(input.as_bytes()).and_then(|game| page::lucky7_page(&game, answers))?
        }
    };
    fs::write(path, page).map_err(|error| error.to_string())
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
/// limit (`ulimit -Hs`), which only a privileged process may raise. A smaller one is said.
fn stack_within_reach(wanted: u64) -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes into `limit`.
    if unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut limit) } != 0 || limit.rlim_max >= wanted {
        return wanted;
    }
    eprintln!(
        "warning: the stack is limited to {} here (ulimit -Hs), less than --stack asks",
        mebibytes(limit.rlim_max as f64)
    );
    limit.rlim_max
}
