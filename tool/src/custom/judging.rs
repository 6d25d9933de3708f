//! Who judges a user's problem's answers: a sample's own answer, the reference's (checked
//! against the samples first), the checker; or, for an interactive problem, the interactor,
//! which talks with the program on the hidden input and gives the verdict itself.

use super::{
    Custom, HELPER_TIME, KEPT_INPUT, PYTHON_TRACEBACK, REFERENCE_ALLOWANCE, interactor_options,
};
use crate::error::{Error, Helper};
use crate::format::seconds;
use crate::input::Input;
use crate::judge::differing_lines;
use crate::problem::{Expected, InteractorCall, Sample, WrongAnswer};
use crate::process::dialogue::INTERACTOR_END_TIME;
use crate::process::{Run, Stop};
use std::fs;

impl Custom {
    /// The sample that `input` is, if it is one with its answer.
    pub(super) fn sample_answer(&self, input: &Input) -> Option<&Sample> {
        (self.samples.iter()).find(|sample| sample.input == *input && sample.answer.is_some())
    }

    /// The reference's answer to `input`: Unknown at and above a size where it took longer than
    /// its limit, and without a reference (the interactor judges); an error where it failed.
    pub(super) fn reference(&self, input: &Input) -> Result<Expected, Error> {
        let text = input.text();
        if let Some(sample) = self.sample_answer(input) {
            let answer = sample.answer.clone().expect("a sample with its answer");
            return Ok(Expected::Answer(answer));
        }
        if self.helpers.reference.is_none() {
            return Ok(Expected::Unknown);
        }
        if let Some(known) = self.seen().answers.get(&text) {
            return Ok(known.clone());
        }
        let size = input.size();
        if self.seen().slow_from.is_some_and(|slow| size >= slow) {
            return Ok(Expected::Unknown);
        }
        let limits = self.limits.times(REFERENCE_ALLOWANCE);
        let run = self.run(
            Helper::Reference,
            &[],
            Some(&text),
            limits.time,
            limits.memory,
        )?;
        let expected = match run.stopped {
            Some(Stop::Time | Stop::WallTime) => {
                let mut seen = self.seen();
                seen.slow_from = Some(seen.slow_from.map_or(size, |slow| slow.min(size)));
                Expected::Unknown
            }
            _ if run.succeeded() => {
                Expected::Answer(String::from_utf8_lossy(&run.stdout).into_owned())
            }
            _ => {
                let what = Self::how_it_ended(&run);
                return Err(self.failure(Helper::Reference, what, Some(&run), Some(&text), &[]));
            }
        };
        if text.len() <= KEPT_INPUT {
            let mut seen = self.seen();
            seen.answers.insert(text, expected.clone());
        }
        Ok(expected)
    }

    /// Checks the reference against every sample that has its answer: a reference that
    /// contradicts one is the reference's failure, named with the sample, before any program is
    /// judged by its answers.
    pub(super) fn check_reference(&self) -> Result<(), Error> {
        if self.helpers.reference.is_none() {
            return Ok(());
        }
        for sample in &self.samples {
            let Some(answer) = &sample.answer else {
                continue;
            };
            let text = sample.input.text();
            let limits = self.limits.times(REFERENCE_ALLOWANCE);
            let run = self.run(
                Helper::Reference,
                &[],
                Some(&text),
                limits.time,
                limits.memory,
            )?;
            if !run.succeeded() {
                let what = Self::how_it_ended(&run);
                return Err(self.failure(Helper::Reference, what, Some(&run), Some(&text), &[]));
            }
            let printed = String::from_utf8_lossy(&run.stdout);
            let wrong = match self.helpers.checker {
                Some(_) => self.run_checker(&text, answer, &printed)?,
                None => (!self.comparison.accepts(answer, &printed)).then(WrongAnswer::default),
            };
            let Some(wrong) = wrong else {
                continue;
            };
            let why = match (wrong.message, differing_lines(answer, &printed).first()) {
                (Some(message), _) => format!("the checker says: {}", message.trim()),
                (None, Some((line, wanted, got))) => format!(
                    "on line {}, it printed {got} where the sample says {wanted}",
                    line + 1
                ),
                (None, None) => "the answers differ".to_string(),
            };
            let what = format!("contradicts the answer of {} ({why})", sample.name);
            return Err(self.failure(Helper::Reference, what, None, Some(&text), &[]));
        }
        Ok(())
    }

    /// The checker's verdict on `output`, the program's answer to `input`, whose right answer is
    /// `expected`.
    pub(super) fn run_checker(
        &self,
        input: &str,
        expected: &str,
        output: &str,
    ) -> Result<Option<WrongAnswer>, Error> {
        let written = [
            ("input.txt", input),
            ("output.txt", output),
            ("answer.txt", expected),
        ];
        let (folder, paths) = self.call_folder(&written)?;
        let files: Vec<String> = (paths.iter())
            .map(|path| path.display().to_string())
            .collect();
        let run = self.run(
            Helper::Checker,
            &files,
            None,
            HELPER_TIME,
            self.limits.memory,
        )?;
        let said = |run: &Run| {
            let printed = [&run.stdout, &run.stderr].map(|bytes| String::from_utf8_lossy(bytes));
            let message = printed.join("\n").trim().to_string();
            (!message.is_empty()).then_some(message)
        };
        let judged = |wrong: Option<WrongAnswer>| {
            let _ = fs::remove_dir_all(&folder);
            Ok(wrong)
        };
        match (run.stopped, run.status.code()) {
            (None, Some(0)) => judged(None),
            (None, Some(1 | 2)) => judged(Some(WrongAnswer {
                message: said(&run),
            })),
            _ => {
                let what = Self::how_it_ended(&run);
                Err(self.failure(Helper::Checker, what, Some(&run), Some(input), &files))
            }
        }
    }

    /// The hidden input in a file of the call's own (dialogues may go on side by side), and a
    /// file for the interactor's words.
    pub(super) fn interactor_call(&self, input: &Input) -> Result<Option<InteractorCall>, Error> {
        if self.helpers.interactor.is_none() {
            return Ok(None);
        }
        let (folder, mut paths) = self.call_folder(&[("input.txt", &input.text())])?;
        let output = folder.join("output.txt");
        let mut command = self.runnable(Helper::Interactor);
        command.extend([
            paths.remove(0).into_os_string(),
            output.clone().into_os_string(),
        ]);
        let options = interactor_options(self.limits.memory, self.limits.stack);
        Ok(Some(InteractorCall {
            command,
            options,
            folder,
            output,
        }))
    }

    /// 0 accepts; 1 and 2 (testlib's wrong answer and presentation error) reject, with the
    /// interactor's words and stderr; anything else is the interactor's failure, and so is a
    /// Python traceback, whose exit status 1 is no verdict.
    pub(super) fn interactor_judged(
        &self,
        input: &Input,
        ran: &Run,
    ) -> Result<Option<WrongAnswer>, Error> {
        let Some(other) = &ran.dialogue else {
            return Ok(None);
        };
        let interactor = &other.interactor;
        let files = ["INPUT".to_string(), "OUTPUT".to_string()];
        let failed = |what: String| {
            let text = input.text();
            self.failure(
                Helper::Interactor,
                what,
                Some(interactor),
                Some(&text),
                &files,
            )
        };
        if other.outlived {
            return Err(failed(format!(
                "did not end within {} of the program's end, its input closed",
                seconds(INTERACTOR_END_TIME.as_secs_f64())
            )));
        }
        let stderr = String::from_utf8_lossy(&interactor.stderr);
        if stderr.contains(PYTHON_TRACEBACK) {
            let what = format!("crashed, {}", Self::how_it_ended(interactor));
            return Err(failed(what));
        }
        match (interactor.stopped, interactor.status.code()) {
            (None, Some(0)) => Ok(None),
            (None, Some(1 | 2)) => {
                let said = format!("{}\n{}", other.words.trim(), stderr.trim());
                let message = said.trim().to_string();
                Ok(Some(WrongAnswer {
                    message: (!message.is_empty()).then_some(message),
                }))
            }
            _ => Err(failed(Self::how_it_ended(interactor))),
        }
    }
}
