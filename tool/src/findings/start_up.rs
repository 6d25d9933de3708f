//! A program's start-up, where it takes most of every run's time: how much, and what it is made
//! of, measured where a core would idle.

use crate::judge::judged_time;
use crate::process::Run;
use crate::resolve::{self, MadeOf, Shim};
use crate::setup::Setup;
use std::cell::RefCell;
use std::ffi::OsString;
use std::thread;
use std::time::Duration;

/// A start-up that takes most of every run's time: the least time any run took, and the time of
/// all the runs, how many, and what the start-up is made of, where that is known
/// ([`resolve::start_up`]).
#[derive(Clone, Debug, PartialEq)]
pub struct StartUp {
    pub least: Duration,
    pub total: Duration,
    pub runs: usize,
    pub made_of: Option<MadeOf>,
}

/// The judged times of the runs of a check started as the judge starts them: how many, in all,
/// and the least; and how many were forked, whose times leave out the start-up.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tally {
    runs: usize,
    total: Duration,
    least: Option<Duration>,
    pub forked: usize,
}

/// The fewest runs on which a start-up is said to dominate them.
const START_UP_RUNS: usize = 20;

/// The least start-up worth naming: below it, starting is cheap whatever its share.
const START_UP_WORTH_NAMING: Duration = Duration::from_millis(20);

impl Tally {
    pub(super) fn note(&mut self, ran: &Run) {
        if ran.forked.is_some() {
            self.forked += 1;
            return;
        }
        let time = judged_time(ran);
        self.runs += 1;
        self.total += time;
        self.least = Some(self.least.map_or(time, |least| least.min(time)));
    }

    /// Whether the start-up of the runs took at least half of their time, each taking at least
    /// the least: what it is then, and what it is made of (`made_of`, asked only then).
    fn start_up(&self, made_of: impl FnOnce() -> Option<MadeOf>) -> Option<StartUp> {
        let least = self.least?;
        let dominates = self.runs >= START_UP_RUNS
            && least >= START_UP_WORTH_NAMING
            && least * 2 * self.runs as u32 >= self.total;
        dominates.then(|| StartUp {
            least,
            total: self.total,
            runs: self.runs,
            made_of: made_of(),
        })
    }
}

/// What the program's start-up is made of ([`resolve::start_up`]), which takes a few starts of
/// its interpreter: measured beside the check's last runs, on a core that would idle while the
/// last of them ends alone, or else at the end.
enum Measure {
    Unmeasured,
    Measuring(thread::JoinHandle<Option<MadeOf>>),
    Measured(Option<MadeOf>),
}

/// The measure of what the program's start-up is made of, for a check's runs.
pub(super) struct StartUpMeasure {
    made_of: RefCell<Measure>,
    command: Vec<OsString>,
    shim: Option<Shim>,
    /// Whether runs go more than one at a time, so that a core idles at the end.
    beside: bool,
}

impl StartUpMeasure {
    /// For the program of `setup`.
    pub(super) fn new(setup: &Setup) -> Self {
        Self {
            made_of: RefCell::new(Measure::Unmeasured),
            command: setup.command.clone(),
            shim: setup.shim.clone(),
            beside: setup.jobs > 1,
        }
    }

    /// Starts measuring, beside the runs going on, where runs go more than one at a time.
    pub(super) fn begin_beside(&self) {
        let mut made_of = self.made_of.borrow_mut();
        if self.beside && matches!(*made_of, Measure::Unmeasured) {
            let (command, shim) = (self.command.clone(), self.shim.clone());
            *made_of = Measure::Measuring(thread::spawn(move || {
                resolve::start_up(&command, shim.as_ref())
            }));
        }
    }

    /// Waits for the measure going on, if one is: before a run that is timed alone.
    pub(super) fn wait(&self) {
        let mut made_of = self.made_of.borrow_mut();
        *made_of = match std::mem::replace(&mut *made_of, Measure::Unmeasured) {
            Measure::Measuring(measuring) => Measure::Measured(measuring.join().unwrap_or(None)),
            other => other,
        };
    }

    /// The start-up that dominated the runs of `tally`, if one did, with what it is made of:
    /// measured beside the runs, or now.
    pub(super) fn of(&self, tally: &Tally) -> Option<StartUp> {
        self.wait();
        let made_of = match self.made_of.replace(Measure::Unmeasured) {
            Measure::Measured(made_of) => Some(made_of),
            _ => None,
        };
        let made_of =
            || made_of.unwrap_or_else(|| resolve::start_up(&self.command, self.shim.as_ref()));
        tally.start_up(made_of)
    }
}
