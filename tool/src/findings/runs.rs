//! The runs of a check's program, as the setup makes them: started as the judge starts it, or
//! forked by a forkserver, or talking with an interactive problem's interactor, stopped at the
//! judge's limits (later by the time factor), and judged: its limits, a crash, then its answer
//! as the problem judges it.

use crate::error::Error;
use crate::format::{shell_line, shell_quoted};
use crate::input::Input;
use crate::judge::{Failure, Limits, judge_run, judged_time};
use crate::problem::{Expected, WrongAnswer};
use crate::process::dialogue::{self, Other, Side};
use crate::process::forkserver::Forkserver;
use crate::process::{self, Options, Run, RunError, Stdin, Stop};
use crate::setup::Setup;
use std::ffi::OsString;

impl Setup {
    /// Runs the program on `input`, whose right answer is `expected` so far as it is known,
    /// stopped at `limits` as the judge would, with its times as the judge's would be (see
    /// [`Setup::time_factor`]).
    pub(super) fn launch(
        &self,
        input: &Input,
        expected: &Expected,
        limits: &Limits,
    ) -> Result<Run, Error> {
        let options = self.options(input, expected, limits);
        let command = &self.command;
        let failed = |command: &[OsString], error| match error {
            RunError::CannotStart(error) => {
                let program = shell_quoted(&command[0].to_string_lossy());
                Error::Usage(format!("cannot start {program}: {error}"))
            }
            error => Error::Fatal(format!("{}: {error}", shell_line(command))),
        };
        let ran = match self.problem.interactor(input)? {
            Some(call) => {
                let talked = dialogue::talk(command, &options, &call.command, &call.options);
                let mut ran = talked.map_err(|(side, error)| match side {
                    Side::Program => failed(command, error),
                    Side::Judge => failed(&call.command, error),
                })?;
                if let Some(other) = &mut ran.dialogue {
                    other.words = call.words();
                }
                ran
            }
            None => {
                let text = input.text();
                let stdin = Stdin::Bytes(text.as_bytes());
                process::run(command, stdin, &options).map_err(|error| failed(command, error))?
            }
        };
        Ok(self.judged(ran))
    }

    /// How to run the program on `input`, whose right answer is `expected` so far as it is
    /// known: stopped at `limits` as the judge would, later by the time factor.
    pub(super) fn options(&self, input: &Input, expected: &Expected, limits: &Limits) -> Options {
        let longest = self.problem.longest_answer(input, expected);
        let mut options = limits.options(longest);
        let factor = self.time_factor;
        options.time_limit = options.time_limit.map(|limit| limit.mul_f64(factor));
        options.wall_limit = options.wall_limit.map(|limit| limit.mul_f64(factor));
        options
    }

    /// `ran`, with its times as the judge's would be.
    pub(super) fn judged(&self, mut ran: Run) -> Run {
        ran.cpu = ran.cpu.div_f64(self.time_factor);
        ran.wall = ran.wall.div_f64(self.time_factor);
        ran
    }

    /// A run on a small `input` forked by `forking`'s server ([`process::forkserver`]), started
    /// at the first: None for a larger input, whose time is worth judging with the start-up the
    /// judge counts; or where the program is not one a forkserver serves, or the server could not
    /// serve the run (it is not asked again).
    pub(super) fn forked(
        &self,
        input: &Input,
        expected: &Expected,
        forking: &mut Forking,
    ) -> Option<Run> {
        // A dialogue is not forked: the interactor starts beside the program.
        if input.size() > self.problem.small_size() || self.problem.interactive() {
            return None;
        }
        let options = self.options(input, expected, &self.limits);
        if let Forking::Unstarted = forking {
            // A program that no forkserver serves is refused before anything starts.
            *forking = Forkserver::start(&self.command, &options).map_or(Forking::Off, Forking::On);
        }
        let Forking::On(server) = forking else {
            return None;
        };
        let text = input.text();
        match server.run(Stdin::Bytes(text.as_bytes()), &options) {
            Ok(ran) => Some(self.judged(ran)),
            Err(_) => {
                *forking = Forking::Off;
                None
            }
        }
    }

    /// Judges `ran`, a run on `input` whose right answer is `expected`: its limits, a crash,
    /// then its answer as the problem judges it, where the answer is known or the problem judges
    /// without it; a dialogue as [`Setup::judge_dialogue`] does.
    pub(super) fn judge(
        &self,
        input: &Input,
        expected: &Expected,
        ran: &Run,
    ) -> Result<Option<Failure>, Error> {
        if let Some(other) = &ran.dialogue {
            return self.judge_dialogue(input, ran, other);
        }
        if let Some(failure) = judge_run(ran, &self.limits) {
            return Ok(Some(failure));
        }
        // Where the right answer is not known, a checker may judge without it, given none.
        let expected = match expected {
            Expected::Answer(expected) => expected.as_str(),
            Expected::Unknown if self.problem.judges_without_answer() => "",
            Expected::Unknown => return Ok(None),
        };
        let actual = String::from_utf8_lossy(&ran.stdout);
        let wrong = self.problem.judge_answer(input, expected, &actual)?;
        Ok(wrong.map(|wrong| Failure::WrongAnswer {
            expected: expected.to_string(),
            actual: actual.into_owned(),
            message: wrong.message,
        }))
    }

    /// Judges `ran`, the program's dialogue with the interactor on `input`, whose other side
    /// is `other`: stuck first, as the judge waits for its time limit then; then the program's
    /// time, memory and output; then the interactor's verdict, or its own failure (which the
    /// program is not blamed for); and a crash, unless the interactor had rejected the program
    /// and ended first: the program then crashed on its closed input, a wrong answer on the
    /// judge.
    fn judge_dialogue(
        &self,
        input: &Input,
        ran: &Run,
        other: &Other,
    ) -> Result<Option<Failure>, Error> {
        if other.stuck {
            let late = String::from_utf8_lossy(&other.late).into_owned();
            return Ok(Some(Failure::Stuck { late }));
        }
        let failure = judge_run(ran, &self.limits);
        // A program that waited on the clock, not stuck, waited for an interactor at work, whose
        // verdict says so.
        if let Some(
            Failure::TimeLimit { blocked: false, .. }
            | Failure::MemoryLimit { .. }
            | Failure::OutputLimit { .. },
        ) = failure
        {
            return Ok(failure);
        }
        let wrong = self.problem.interactor_verdict(input, ran)?;
        let wrong_answer = |wrong: WrongAnswer| Failure::WrongAnswer {
            expected: String::new(),
            actual: String::from_utf8_lossy(&ran.stdout).into_owned(),
            message: wrong.message,
        };
        // A crash after the interactor's verdict is the program reading its closed input.
        let crash_after_verdict =
            matches!(failure, Some(Failure::Crash { .. })) && other.interactor_first;
        Ok(match (failure, wrong) {
            (None, Some(wrong)) => Some(wrong_answer(wrong)),
            (Some(_), Some(wrong)) if crash_after_verdict => Some(wrong_answer(wrong)),
            (failure, _) => failure,
        })
    }

    /// One run on `input` beside others, judged: see [`Foreseen`]. Forked by `forking`'s server
    /// where it can be, it stands if it passes; a forked run that fails is made again, started as
    /// the judge starts it, which judges it.
    pub(super) fn foreseen(&self, input: &Input, forking: &mut Forking) -> Result<Foreseen, Error> {
        let expected = self.problem.expected(input)?;
        if let Some(ran) = self.forked(input, &expected, forking)
            && self.judge(input, &expected, &ran)?.is_none()
        {
            return Ok(Foreseen {
                expected,
                ran,
                failure: None,
            });
        }
        let ran = self.launch(input, &expected, &self.limits)?;
        let failure = self.judge(input, &expected, &ran)?;
        Ok(Foreseen {
            expected,
            ran,
            failure,
        })
    }
}

/// A thread's forkserver of the program under check.
pub(super) enum Forking {
    /// Not started yet: it is at the thread's first run.
    Unstarted,
    On(Forkserver),
    /// The program is not one a forkserver serves, or its server failed.
    Off,
}

/// A run beside others whose judged time is over this share of the time limit is made again
/// alone: other runs may have slowed it, a little, and only near the limit does that matter.
const ALONE_FROM: f64 = 0.5;

/// A run made ahead of its turn, beside others, and how it was judged.
pub(super) struct Foreseen {
    pub expected: Expected,
    pub ran: Run,
    pub failure: Option<Failure>,
}

impl Foreseen {
    /// Whether its time is far enough from the limit to stand: see [`stands`].
    pub(super) fn stands(&self, limits: &Limits) -> bool {
        stands(&self.ran, limits)
    }
}

/// Whether the time of `ran` is far enough from the limit to stand, though other runs went beside
/// it; a forked run's with the start-up it skipped, which the judge's run pays.
pub(super) fn stands(ran: &Run, limits: &Limits) -> bool {
    let stopped_for_time = matches!(ran.stopped, Some(Stop::Time | Stop::WallTime));
    let skipped = ran.forked.unwrap_or_default();
    let time = (judged_time(ran) + skipped).as_secs_f64();
    !stopped_for_time && time <= limits.time.as_secs_f64() * ALONE_FROM
}

impl Foreseen {
    /// A run of the search, which any failure ends.
    pub(super) fn fails(&self) -> bool {
        self.failure.is_some()
    }

    /// A run of a diagnosis, which a failure to answer ends.
    pub(super) fn gives_no_answer(&self) -> bool {
        let answered = |failure: &Failure| matches!(failure, Failure::WrongAnswer { .. });
        self.failure
            .as_ref()
            .is_some_and(|failure| !answered(failure))
    }
}
