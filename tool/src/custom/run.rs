//! Running a user's helpers: each run of a CPython script forked from a started interpreter of
//! its own (a [`Forkserver`] kept for the next run), where starting the interpreter anew would
//! cost every run tens of milliseconds, three or four runs a case; any other run, and a forked
//! one that did not end as the helper's runs end, started anew, which judges it. The time of
//! every run is counted, for the budgets of shrinking. A helper runs by its command line (by the
//! interpreter a pyenv shim stands for), files it reads in a folder of each call's own, and a
//! helper that fails is named with how it was run.

use super::{Custom, helper_options};
use crate::error::{Error, Helper, HelperFailure};
use crate::format::shell_line;
use crate::judge::judged_time;
use crate::process::forkserver::{self, Forkserver};
use crate::process::{self, Options, Run, RunError, Stdin, Stop};
use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::fs;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// The forkservers of the helpers, idle between their runs, and the helpers none serves.
#[derive(Default)]
struct Servers {
    idle: HashMap<Helper, Vec<Forkserver>>,
    unserved: HashSet<Helper>,
}

/// How the helpers are run, and how long their runs took.
#[derive(Default)]
pub(super) struct HelperRuns {
    servers: Mutex<Servers>,
    /// The judged time of every run, in nanoseconds.
    spent: AtomicU64,
}

impl HelperRuns {
    fn servers(&self) -> MutexGuard<'_, Servers> {
        self.servers
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The time all the helpers' runs took, as the judge counts a run's time.
    pub(super) fn spent(&self) -> Duration {
        Duration::from_nanos(self.spent.load(Ordering::Relaxed))
    }

    /// Runs `helper`, whose command line is `command`, with `arguments` after it and `input` on
    /// stdin, under `options`: forked where a forkserver serves it and the run ends as the
    /// helper's runs end, else started anew.
    pub(super) fn run(
        &self,
        helper: Helper,
        command: &[OsString],
        arguments: &[String],
        input: &[u8],
        options: &Options,
    ) -> Result<Run, RunError> {
        let ran = match self.forked(helper, command, arguments, input, options) {
            Some(ran) => ran,
            None => {
                let mut words = command.to_vec();
                words.extend(arguments.iter().map(OsString::from));
                process::run(&words, Stdin::Bytes(input), options)?
            }
        };
        let nanoseconds = u64::try_from(judged_time(&ran).as_nanos()).unwrap_or(u64::MAX);
        self.spent.fetch_add(nanoseconds, Ordering::Relaxed);
        Ok(ran)
    }

    /// A run of `helper` forked by a forkserver of its own, if one serves `command` and the run
    /// ended as `helper`'s runs end ([`ends_as_it_should`]); None where none serves it, or it
    /// ended otherwise and is made again, started anew, which judges it.
    fn forked(
        &self,
        helper: Helper,
        command: &[OsString],
        arguments: &[String],
        input: &[u8],
        options: &Options,
    ) -> Option<Run> {
        if !forkserver::serves(command) {
            return None;
        }
        let idle = {
            let mut servers = self.servers();
            if servers.unserved.contains(&helper) {
                return None;
            }
            servers.idle.get_mut(&helper).and_then(Vec::pop)
        };
        let mut server = match idle {
            Some(server) => server,
            // Started beside the other threads' servers, not holding the lock meanwhile.
            None => match Forkserver::start(command, options) {
                Ok(server) => server,
                Err(_) => {
                    self.servers().unserved.insert(helper);
                    return None;
                }
            },
        };
        // A server that failed to serve is dropped, and ended; the next run starts another.
        let ran = server
            .run_with(arguments, Stdin::Bytes(input), options)
            .ok();
        if ran.is_some() {
            let mut servers = self.servers();
            servers.idle.entry(helper).or_default().push(server);
        }
        ran.filter(|ran| ends_as_it_should(helper, ran))
    }
}

/// Whether `ran` ended as a run of `helper` ends: within its limits, with the exit status of its
/// outcome (a checker's 0, 1 or 2, a validator's 0 or 1), not a signal or a traceback's crash of
/// another status.
fn ends_as_it_should(helper: Helper, ran: &Run) -> bool {
    let expected: &[i32] = match helper {
        Helper::Generator | Helper::Reference => &[0],
        Helper::Checker | Helper::Interactor => &[0, 1, 2],
        Helper::Validator => &[0, 1],
    };
    ran.stopped.is_none()
        && ran
            .status
            .code()
            .is_some_and(|code| expected.contains(&code))
}

impl Custom {
    /// What a `helper` run with `arguments` after its command line, on `input` if it reads one,
    /// under a time limit of `time`, ended with ([`HelperRuns::run`]: forked where it can be);
    /// a run that cannot start or be watched fails.
    pub(super) fn run(
        &self,
        helper: Helper,
        arguments: &[String],
        input: Option<&str>,
        time: Duration,
        memory: u64,
    ) -> Result<Run, Error> {
        let options = helper_options(time, memory, self.limits.stack);
        let input_bytes = input.unwrap_or_default().as_bytes();
        let command = self.runnable(helper);
        let ran = (self.runs).run(helper, &command, arguments, input_bytes, &options);
        ran.map_err(|error| {
            let what = match error {
                RunError::CannotStart(error) => format!("cannot be started: {error}"),
                RunError::CannotWatch(error) => format!("cannot be watched: {error}"),
            };
            self.failure(helper, what, None, input, arguments)
        })
    }

    /// The command line that runs `helper`: as given, but by the interpreter a pyenv shim
    /// stands for, which would add its own start to every run.
    pub(super) fn runnable(&self, helper: Helper) -> Vec<OsString> {
        let mut command = self.command(helper).to_vec();
        if let Some(interpreter) = self.helpers.run_by.get(&helper) {
            command[0] = interpreter.clone();
        }
        command
    }

    /// A folder of its own for one call of a helper that reads files (calls may go on side by
    /// side), with `files` written in it, each a name and its text: the folder, and the files'
    /// paths.
    pub(super) fn call_folder(
        &self,
        files: &[(&str, &str)],
    ) -> Result<(PathBuf, Vec<PathBuf>), Error> {
        let call = self.calls.fetch_add(1, Ordering::Relaxed);
        let folder = self.scratch.join(call.to_string());
        let paths = files.iter().map(|(name, text)| {
            let path = folder.join(name);
            fs::create_dir_all(&folder)
                .and_then(|()| fs::write(&path, text))
                .map_err(|error| {
                    Error::Fatal(format!("cannot write {}: {error}", path.display()))
                })?;
            Ok(path)
        });
        let paths = paths.collect::<Result<_, Error>>()?;
        Ok((folder, paths))
    }

    /// The command line of `helper`.
    pub(super) fn command(&self, helper: Helper) -> &[OsString] {
        let helpers = &self.helpers;
        match helper {
            Helper::Generator => helpers.generator.as_deref().unwrap_or_default(),
            Helper::Reference => helpers.reference.as_deref().unwrap_or_default(),
            Helper::Checker => helpers.checker.as_deref().unwrap_or_default(),
            Helper::Validator => helpers.validator.as_deref().unwrap_or_default(),
            Helper::Interactor => helpers.interactor.as_deref().unwrap_or_default(),
        }
    }

    /// The failure of `helper`, which `what` says, with its `run` if it made one, on `input` if it
    /// read one, run with `arguments`.
    pub(super) fn failure(
        &self,
        helper: Helper,
        what: String,
        run: Option<&Run>,
        input: Option<&str>,
        arguments: &[String],
    ) -> Error {
        let mut words: Vec<String> = (self.command(helper).iter())
            .map(|word| word.to_string_lossy().into_owned())
            .collect();
        words.extend(arguments.iter().cloned());
        let generated = match helper {
            Helper::Generator => {
                let size = arguments.first().and_then(|word| word.parse().ok());
                size.zip(arguments.get(1).and_then(|word| word.parse().ok()))
            }
            _ => None,
        };
        Error::Helper(Box::new(HelperFailure {
            helper,
            what,
            stderr: run.map_or_else(String::new, |run| {
                String::from_utf8_lossy(&run.stderr).into_owned()
            }),
            generated,
            input: input.map(str::to_string),
            command: shell_line(&words),
        }))
    }

    /// What went wrong with a helper's `run` that did not end well: a limit, a status.
    pub(super) fn how_it_ended(run: &Run) -> String {
        match run.stopped {
            Some(Stop::Time | Stop::WallTime) => "took longer than its limit".to_string(),
            Some(Stop::Memory) => "took more memory than its limit".to_string(),
            Some(Stop::Output) => "printed more than its limit".to_string(),
            None => format!("ended with {}", run.status),
        }
    }
}
