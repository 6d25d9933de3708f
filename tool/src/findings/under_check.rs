//! The program under check, as a check runs it ([`UnderCheck`]): each run judged for the case the
//! search says it is for, made ahead beside others where only its answer matters and alone where
//! its time does, and what the check has seen of it kept for the report.

use super::Judging;
use super::ahead::RunsAhead;
use super::runs::{Foreseen, Forking, stands};
use super::start_up::{StartUp, StartUpMeasure, Tally};
use crate::error::Error;
use crate::family::Origin;
use crate::growth::{self, Curve, Failing};
use crate::input::Input;
use crate::judge::{Failure, Limits, Precision, Verdict, judged_time, settle, settle_after};
use crate::problem::{Expected, JudgedBy};
use crate::process::{Run, Stop};
use crate::search::{Answered, Answers, Case, DIAGNOSIS_SIZE, Found, Margins, Runs, WorkClock};
use crate::setup::Setup;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::Arc;

/// What a failing run printed, kept for the saved case.
struct Printed {
    input: Input,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// The program under check as a check runs it: its setup, and what the check has seen of it: the
/// margins of its runs, what its last failing run of each verdict printed, what it answered on
/// small inputs, and how long its runs took.
pub(super) struct UnderCheck<'a> {
    setup: &'a Setup,
    /// The time its runs took: the clock of the search's budgets, the same on a busy machine.
    pub clock: WorkClock,
    margins: RefCell<Margins>,
    printed: RefCell<HashMap<Verdict, Printed>>,
    /// What it answered on the small inputs it was run on, for a diagnosis: None where it did not
    /// answer (a crash, a limit).
    small_answers: RefCell<Vec<(Input, Option<Answered>)>>,
    /// The runs made ahead of their turn.
    ahead: &'a RunsAhead<Foreseen>,
    tally: Cell<Tally>,
    /// What judged each case's answer, the first time it ran.
    judged: RefCell<HashMap<Case, JudgedBy>>,
    start_up: StartUpMeasure,
    /// The origin of the last input of the largest size: from its run on, one run or two are
    /// left, and then a core idles.
    last_largest: Option<Origin>,
    /// The forkserver of the runs made here, not ahead: a shrinking's, a diagnosis's.
    forking: RefCell<Forking>,
}

impl Answered {
    /// What `ran` answered, judged to have failed so (`failure`), and whether that is right; None
    /// where it did not answer (a crash, a limit).
    fn of(ran: &Run, failure: &Option<Failure>) -> Option<Self> {
        let right = match failure {
            None => true,
            Some(Failure::WrongAnswer { .. }) => false,
            Some(_) => return None,
        };
        let answer = String::from_utf8_lossy(&ran.stdout).into_owned();
        Some(Self { answer, right })
    }
}

impl Runs for &UnderCheck<'_> {
    fn run(&mut self, input: &Input, case: Case) -> Result<Option<Failure>, Error> {
        self.test(input, case)
    }

    fn jobs(&self) -> usize {
        self.setup.jobs
    }

    fn foresee(&mut self, inputs: &[Arc<Input>]) -> Result<(), Error> {
        self.ahead.queue(inputs, Foreseen::fails);
        Ok(())
    }
}

/// The program under check as a diagnosis runs it, for its answers.
pub(super) struct Answering<'a, 'b>(pub &'a UnderCheck<'b>);

impl Answers for Answering<'_, '_> {
    fn answer(&mut self, input: &Input) -> Result<Option<Answered>, Error> {
        self.0.answer(input)
    }

    fn jobs(&self) -> usize {
        self.0.setup.jobs
    }

    fn foresee(&mut self, inputs: &[Arc<Input>]) -> Result<(), Error> {
        self.0.ahead.queue(inputs, Foreseen::gives_no_answer);
        Ok(())
    }
}

impl<'a> UnderCheck<'a> {
    /// The program of `setup`, its runs made ahead by `ahead`.
    pub(super) fn new(setup: &'a Setup, ahead: &'a RunsAhead<Foreseen>) -> Self {
        Self {
            setup,
            clock: WorkClock::new(),
            margins: RefCell::default(),
            printed: RefCell::default(),
            small_answers: RefCell::default(),
            ahead,
            tally: Cell::default(),
            judged: RefCell::default(),
            start_up: StartUpMeasure::new(setup),
            last_largest: setup.problem.largest_cases(setup.seed).last().copied(),
            forking: RefCell::new(Forking::Unstarted),
        }
    }

    /// The margins of the runs that passed.
    pub(super) fn margins(&self) -> Margins {
        self.margins.take()
    }

    /// What it answered on the small inputs it was run on.
    pub(super) fn small_answers(&self) -> Vec<(Input, Option<Answered>)> {
        self.small_answers.take()
    }

    /// What judged the answers of each kind of case.
    pub(super) fn judging(&self) -> Judging {
        let mut judging = Judging::default();
        for (&case, &by) in self.judged.borrow().iter() {
            let kind = match case {
                Case::ToShrink => &mut judging.to_shrink,
                Case::Sample(_) => &mut judging.samples,
                Case::Random(_) => &mut judging.cases,
                Case::Family(_) | Case::Largest(_) => &mut judging.largest,
            };
            *kind.entry(by).or_default() += 1;
        }
        judging
    }

    /// How many of its runs a forkserver forked.
    pub(super) fn forked(&self) -> usize {
        self.tally.get().forked
    }

    /// The start-up that dominated its runs, if one did.
    pub(super) fn start_up(&self) -> Option<StartUp> {
        self.start_up.of(&self.tally.get())
    }

    /// Waits for what its start-up is made of, if that is being measured: before runs that are
    /// timed.
    pub(super) fn start_up_measured(&self) {
        self.start_up.wait();
    }

    /// Counts a run's judged time: on the clock, and in the tally.
    fn spent(&self, ran: &Run) {
        self.clock.spend(judged_time(ran));
        let mut tally = self.tally.get();
        tally.note(ran);
        self.tally.set(tally);
    }

    /// Runs the program on `input` ([`Setup::launch`]), and counts its time on the clock.
    fn execute(&self, input: &Input, expected: &Expected, limits: &Limits) -> Result<Run, Error> {
        let ran = self.setup.launch(input, expected, limits)?;
        self.spent(&ran);
        Ok(ran)
    }

    /// What the program answers on `input`, and whether that is right; None when it crashed or
    /// ran out of time, memory or output.
    fn answer(&self, input: &Input) -> Result<Option<Answered>, Error> {
        let (ran, failure) = match self.ahead.take(input) {
            Some(foreseen) => {
                self.spent(&foreseen.ran);
                (foreseen.ran, foreseen.failure)
            }
            None => {
                let expected = self.setup.problem.expected(input)?;
                match self.passes_forked(input, &expected)? {
                    Some(ran) => (ran, None),
                    None => {
                        let ran = self.execute(input, &expected, &self.setup.limits)?;
                        let failure = self.setup.judge(input, &expected, &ran)?;
                        (ran, failure)
                    }
                }
            }
        };
        Ok(Answered::of(&ran, &failure))
    }

    /// The program's run on a small `input` forked here, counted, if it passes and its time
    /// stands ([`Foreseen::stands`]): a shrinking's hundreds of tries on a script are then not
    /// each an interpreter's start-up. None where it fails, which a run started anew judges, or
    /// where it was not forked.
    fn passes_forked(&self, input: &Input, expected: &Expected) -> Result<Option<Run>, Error> {
        let forked = self
            .setup
            .forked(input, expected, &mut self.forking.borrow_mut());
        let Some(ran) = forked else {
            return Ok(None);
        };
        if self.setup.judge(input, expected, &ran)?.is_some() || !stands(&ran, &self.setup.limits) {
            return Ok(None);
        }
        self.spent(&ran);
        Ok(Some(ran))
    }

    /// Whether `case` is the last input of the largest size, from whose run on one run or two are
    /// left, and then a core idles.
    fn is_last_largest(&self, case: Case) -> bool {
        let origin = match case {
            Case::Family(family) => Origin {
                family: Some(family),
                seed: self.setup.seed,
            },
            Case::Largest(seed) => Origin { family: None, seed },
            Case::ToShrink | Case::Sample(_) | Case::Random(_) => return false,
        };
        self.last_largest == Some(origin)
    }

    /// Judges the program on `input`, a run for `case`, against the problem's answer, from runs
    /// that settle its time ([`settle`]), and notes the run's margins, or what a failing run
    /// printed.
    fn test(&self, input: &Input, case: Case) -> Result<Option<Failure>, Error> {
        if self.is_last_largest(case) {
            self.start_up.begin_beside();
        }
        let limits = &self.setup.limits;
        let (ran, failure, expected) = match self.ahead.take(input) {
            Some(foreseen) if foreseen.stands(limits) => {
                self.spent(&foreseen.ran);
                (foreseen.ran, foreseen.failure, foreseen.expected)
            }
            Some(foreseen) => {
                // Stopped at the time limit beside other runs, it had used that much of the
                // processor: a first run, which one alone confirms.
                let stopped = foreseen.ran.stopped == Some(Stop::Time);
                let first = stopped.then_some(foreseen.ran);
                self.test_alone(input, foreseen.expected, first)?
            }
            None => {
                // Not foreseen: the search has moved on from what it foresaw.
                self.ahead.forget();
                let expected = self.setup.problem.expected(input)?;
                match self.passes_forked(input, &expected)? {
                    Some(ran) => (ran, None, expected),
                    None => self.test_alone(input, expected, None)?,
                }
            }
        };
        let judged_by = self.setup.problem.judged_by(input, &expected);
        self.judged.borrow_mut().entry(case).or_insert(judged_by);
        if input.size() <= DIAGNOSIS_SIZE {
            let answered = Answered::of(&ran, &failure);
            self.small_answers
                .borrow_mut()
                .push((input.clone(), answered));
        }
        match &failure {
            None => self.margins.borrow_mut().note(
                case,
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

    /// The program's run on `input`, whose right answer is `expected`, made alone, as many times
    /// as its time needs to be settled, and judged: after `stopped`, its run beside others stopped
    /// at the time limit, if it was.
    fn test_alone(
        &self,
        input: &Input,
        expected: Expected,
        stopped: Option<Run>,
    ) -> Result<(Run, Option<Failure>, Expected), Error> {
        let limits = &self.setup.limits;
        if let Some(stopped) = &stopped {
            self.spent(stopped);
        }
        let run_alone = || self.execute(input, &expected, limits);
        self.start_up.wait();
        let settled = self.ahead.alone(|| match stopped {
            Some(first) => settle_after(limits, Precision::Verdict, first, run_alone),
            None => settle(limits, Precision::Verdict, run_alone),
        })?;
        let failure = self.setup.judge(input, &expected, &settled.run)?;
        Ok((settled.run, failure, expected))
    }

    /// What the program printed on `found`'s smallest failing input: from the run that judged it,
    /// or, if that was not kept, from a run made now.
    pub(super) fn printed(&self, found: &Found) -> Result<(Vec<u8>, Vec<u8>), Error> {
        let verdict = found.failure.verdict();
        match self.printed.borrow_mut().remove(&verdict) {
            Some(printed) if printed.input == found.input => Ok((printed.stdout, printed.stderr)),
            _ => {
                let expected = self.setup.problem.expected(&found.input)?;
                let ran = self.execute(&found.input, &expected, &self.setup.limits)?;
                Ok((ran.stdout, ran.stderr))
            }
        }
    }

    /// Whether the program fails `found`'s smallest failing input again, run once more: a
    /// program that draws random numbers may not.
    pub(super) fn fails_again(&self, found: &Found) -> Result<bool, Error> {
        let expected = self.setup.problem.expected(&found.input)?;
        let ran = self.execute(&found.input, &expected, &self.setup.limits)?;
        Ok(self.setup.judge(&found.input, &expected, &ran)?.is_some())
    }

    /// How the program's time or memory grows on the inputs of `origin`, the origin of `found`'s
    /// input, if it ran out of either: see [`growth::follow`].
    pub(super) fn growth(&self, found: &Found, origin: Origin) -> Result<Option<Curve>, Error> {
        let at_largest = match found.case {
            Case::Family(_) | Case::Largest(_) => Some(&found.first_failure),
            Case::ToShrink | Case::Sample(_) | Case::Random(_) => None,
        };
        let problem = &*self.setup.problem;
        let failing = Failing {
            origin,
            largest_size: problem.largest_size(),
            smallest_size: found.input.size(),
            smallest: &found.failure,
            at_largest,
            smallest_measured: problem.grown(&found.input),
            largest_measured: problem.grown(&found.first),
        };
        let make = |size| problem.make(origin, size);
        // Only the time or memory is measured: no answer is asked of the reference, which may be
        // too slow at these sizes.
        let run = |input: &Input, limits: &Limits| self.execute(input, &Expected::Unknown, limits);
        growth::follow(&failing, &self.setup.limits, make, run, |input| {
            problem.grown(input)
        })
    }
}
