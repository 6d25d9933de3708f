//! Running a user's helpers: each run of a CPython script forked from a started interpreter of
//! its own (a [`Forkserver`] kept for the next run), where starting the interpreter anew would
//! cost every run tens of milliseconds, three or four runs a case; any other run, and a forked
//! one that did not end as the helper's runs end, started anew, which judges it. The time of
//! every run is counted, for the budgets of shrinking.

use crate::error::Helper;
use crate::judge::judged_time;
use crate::process::forkserver::{self, Forkserver};
use crate::process::{self, Options, Run, RunError, Stdin};
use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
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
