//! A user's own problem, as `check --generator` judges a program on it ([`Problem`]): its inputs
//! made by their generator (`GEN SIZE SEED`), checked by their validator, answered by their
//! reference, and the answers judged by their checker (`CHK INPUT OUTPUT ANSWER`, testlib's order)
//! or compared as AtCoder compares them, or within a tolerance; or, for an interactive problem,
//! the inputs hidden from the program, which talks with their interactor (`INT INPUT OUTPUT`),
//! and the interactor judges. A helper that fails is named, never blamed on the program.

mod judging;
mod run;

use crate::error::{Error, Helper};
use crate::family::{Family, Origin};
use crate::format::{seconds, shell_line};
use crate::generate::Rng;
use crate::input::{Input, Text};
use crate::judge::{Comparison, Limits};
use crate::problem::{
    Drawn, Expected, InteractorCall, JudgedBy, Problem, Sample, Units, WrongAnswer,
};
use crate::process::{Options, Run};
use crate::spec::{Document, Reached, Spec};
use crate::text;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use run::HelperRuns;
use std::collections::HashMap;
use std::ffi::OsString;
use std::fs;
use std::path::PathBuf;
use std::sync::atomic::AtomicUsize;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// The user's helper programs, each a command line, as given (which the report shows and an oj
/// line runs).
#[derive(Clone, Debug, Default)]
pub struct Helpers {
    /// None where the spec makes the inputs.
    pub generator: Option<Vec<OsString>>,
    /// None for an interactive problem, whose interactor judges.
    pub reference: Option<Vec<OsString>>,
    pub checker: Option<Vec<OsString>>,
    pub validator: Option<Vec<OsString>>,
    pub interactor: Option<Vec<OsString>>,
    /// The interpreter that a helper's command runs by instead of its first word: what a pyenv
    /// shim stands for, which would add its own start to every run.
    pub run_by: HashMap<Helper, OsString>,
}

/// How many times the judge's time and memory limits the reference may take: it may be a brute
/// force, and it is not the program under check.
const REFERENCE_ALLOWANCE: u32 = 5;

/// The time a generator, a validator or a checker may take on one input.
const HELPER_TIME: Duration = Duration::from_secs(10);

/// What a Python program prints on stderr as it crashes.
const PYTHON_TRACEBACK: &str = "Traceback (most recent call last):";

/// The most a helper may print: more is an input or an answer no judge gives.
const HELPER_OUTPUT: u64 = 256 << 20;

/// How a helper that may take `time` and `memory` runs: stopped once it has worked or waited that
/// long, holds more, or has printed more than 256 MiB; with the check's `stack`.
pub fn helper_options(time: Duration, memory: u64, stack: u64) -> Options {
    Options {
        time_limit: Some(time),
        wall_limit: Some(time),
        memory_limit: Some(memory),
        output_limit: Some(HELPER_OUTPUT),
        stack: Some(stack),
        ..Options::default()
    }
}

/// How an interactor runs: stopped once it has worked 10 s or holds more than `memory`; with the
/// check's `stack`. It waits on the program, and the dialogue bounds what it says
/// ([`crate::process::dialogue::talk`]), so neither its waiting nor its output is limited here.
pub fn interactor_options(memory: u64, stack: u64) -> Options {
    Options {
        time_limit: Some(HELPER_TIME),
        memory_limit: Some(memory),
        stack: Some(stack),
        ..Options::default()
    }
}

/// The answer assumed for the output limit of an input whose right answer is not known.
const UNKNOWN_ANSWER: usize = 32 << 20;

/// The largest input kept, once made, to be made again without running the generator.
const KEPT_INPUT: usize = 1 << 20;

/// Seeds tried at each size below the smallest failing one that bisection found.
const SEEDS_PER_SIZE: usize = 8;

/// The largest size of the small cases.
const SMALL_SIZE: usize = 16;

/// The inputs the generator is asked for at the largest size after the cases, each with a seed
/// of its own: a generator may make an input of any size up to SIZE, and a program too slow only
/// at the largest would pass every case.
const LARGEST_CASES: usize = 3;

/// What the check has learnt of the helpers so far.
#[derive(Default)]
struct Seen {
    /// Whether the generator was found to give the same input for the same arguments.
    deterministic: bool,
    /// Inputs made, by SIZE and SEED.
    made: HashMap<(usize, u64), String>,
    /// The reference's answers, by input.
    answers: HashMap<String, Expected>,
    /// The smallest size at which the reference took longer than its limit.
    slow_from: Option<usize>,
}

/// A user's problem.
pub struct Custom {
    name: String,
    helpers: Helpers,
    samples: Vec<Sample>,
    /// How answers are compared where no checker judges them.
    comparison: Comparison,
    largest: usize,
    limits: Limits,
    /// A folder of this check's own, for the files a checker or an interactor reads.
    scratch: PathBuf,
    seen: Mutex<Seen>,
    /// How many calls of the checker or the interactor were given a folder of their own there.
    calls: AtomicUsize,
    /// How the helpers run, and how long their runs took.
    runs: HelperRuns,
    /// The statement's Input and Constraints, which make the inputs without a generator, check
    /// every input, and shrink a failing one by its structure.
    spec: Option<Spec>,
    /// Which bounds of the spec the inputs run so far reached.
    reached: Mutex<Reached>,
}

/// Why an input was found not to keep the constraints.
pub enum Rejection {
    /// The validator exited with a status of its own.
    Validator(Run),
    /// The spec, which says where and how.
    Spec(crate::spec::Invalid),
}

impl Rejection {
    /// Why, in a few words.
    fn why(&self) -> String {
        match self {
            Self::Validator(run) => Custom::how_it_ended(run),
            Self::Spec(invalid) => invalid.to_string(),
        }
    }
}

impl Custom {
    /// The problem named `name` that `helpers` and its `spec` make, answer and judge, with these
    /// `samples`, its answers compared by `comparison` where no checker judges them, of sizes up
    /// to `largest`, under the judge's `limits`.
    pub fn new(
        name: String,
        helpers: Helpers,
        spec: Option<Spec>,
        samples: Vec<Sample>,
        comparison: Comparison,
        largest: usize,
        limits: Limits,
    ) -> Self {
        let scratch = std::env::temp_dir().join(format!(
            "atcoder-games-helpers-{}-{}",
            std::process::id(),
            name
        ));
        Self {
            name,
            helpers,
            samples,
            comparison,
            largest,
            limits,
            scratch,
            seen: Mutex::default(),
            calls: AtomicUsize::new(0),
            runs: HelperRuns::default(),
            spec,
            reached: Mutex::default(),
        }
    }

    /// What the check has learnt of the helpers so far, even if a thread panicked while it
    /// was being noted.
    fn seen(&self) -> MutexGuard<'_, Seen> {
        self.seen
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The generator's input at `size` from `seed`, checked to be the same when made twice, the
    /// first time.
    fn generate(&self, size: usize, seed: u64) -> Result<String, Error> {
        if let (None, Some(spec)) = (&self.helpers.generator, &self.spec) {
            // A spec that cannot make an input is the user's mistake, as a bad option is.
            let mut reached = Reached::default();
            let text = (spec.generate_noting(size, seed, &mut reached))
                .map_err(|error| Error::Usage(error.to_string()))?;
            self.reached().add(&reached);
            return Ok(text);
        }
        let arguments = [size.to_string(), seed.to_string()];
        let once = || -> Result<String, Error> {
            let run = self.run(
                Helper::Generator,
                &arguments,
                None,
                HELPER_TIME,
                self.limits.memory,
            )?;
            let fail =
                |what: String| self.failure(Helper::Generator, what, Some(&run), None, &arguments);
            if !run.succeeded() {
                return Err(fail(Self::how_it_ended(&run)));
            }
            let text = String::from_utf8_lossy(&run.stdout).into_owned();
            match text.trim().is_empty() {
                true => Err(fail("printed nothing".to_string())),
                false => Ok(text),
            }
        };
        let text = once()?;
        if !self.seen().deterministic {
            if once()? != text {
                let what = "is not deterministic: it printed two different inputs for the same SIZE and SEED".to_string();
                return Err(self.failure(Helper::Generator, what, None, None, &arguments));
            }
            self.seen().deterministic = true;
        }
        Ok(text)
    }

    /// Whether the spec and the validator accept `text` (every input is accepted without
    /// either); why not, when one rejects it.
    fn validate(&self, text: &str) -> Result<Result<(), Rejection>, Error> {
        if let Some(spec) = &self.spec {
            let mut reached = Reached::default();
            let checked = spec
                .document(text)
                .and_then(|document| spec.check(&document, &mut reached));
            if let Err(invalid) = checked {
                return Ok(Err(Rejection::Spec(invalid)));
            }
            self.reached().add(&reached);
        }
        if self.helpers.validator.is_none() {
            return Ok(Ok(()));
        }
        let run = self.run(
            Helper::Validator,
            &[],
            Some(text),
            HELPER_TIME,
            self.limits.memory,
        )?;
        match (run.stopped, run.status.success()) {
            (None, true) => Ok(Ok(())),
            (None, false) => Ok(Err(Rejection::Validator(run))),
            _ => {
                let what = Self::how_it_ended(&run);
                Err(self.failure(Helper::Validator, what, Some(&run), Some(text), &[]))
            }
        }
    }

    /// Which bounds of the spec the inputs so far reached, even if a thread panicked while it
    /// was being noted.
    fn reached(&self) -> MutexGuard<'_, Reached> {
        self.reached
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// `input` as the spec reads it, if there is a spec and it reads it.
    fn document(&self, input: &Input) -> Option<(&Spec, Document)> {
        let spec = self.spec.as_ref()?;
        let document = spec.document(&input.text()).ok()?;
        Some((spec, document))
    }

    /// The input that `document` is, as its spec writes it.
    fn written(spec: &Spec, document: &Document) -> Input {
        Input::Text(Text {
            text: spec.text(document),
            size: None,
        })
    }

    /// Whether inputs are cut down through their text: with a validator or a spec to say which
    /// keep the constraints.
    fn checks_inputs(&self) -> bool {
        self.helpers.validator.is_some() || self.spec.is_some()
    }
}

impl Drop for Custom {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.scratch);
    }
}

impl Problem for Custom {
    fn name(&self) -> &str {
        &self.name
    }

    fn units(&self) -> Units {
        Units::SIZE
    }

    fn samples(&self) -> &[Sample] {
        &self.samples
    }

    fn small_size(&self) -> usize {
        SMALL_SIZE
    }

    fn largest_size(&self) -> usize {
        self.largest
    }

    fn families(&self) -> &[Family] {
        &[]
    }

    fn largest_cases(&self, seed: u64) -> Vec<Origin> {
        if self.helpers.generator.is_none() {
            // The spec's worst cases: every size at its largest, the values in each family.
            let origin = |seed| Origin { family: None, seed };
            return Spec::worst_seeds(seed).into_iter().map(origin).collect();
        }
        let mut seeds = Rng::new(seed);
        let origin = |_| Origin {
            family: None,
            seed: seeds.next_u64(),
        };
        (0..LARGEST_CASES).map(origin).collect()
    }

    fn draw(&self, _: usize, _: usize, largest: usize, runner: &mut TestRunner) -> Drawn {
        let (size, seed) = (1..=largest.max(1), any::<u64>())
            .new_tree(runner)
            .expect("these strategies reject nothing")
            .current();
        let origin = Origin { family: None, seed };
        Drawn::Made { origin, size }
    }

    /// The generator's input, which the validator must accept.
    fn make(&self, origin: Origin, size: usize) -> Result<Input, Error> {
        let seed = origin.seed;
        let kept = self.seen().made.get(&(size, seed)).cloned();
        let text = match kept {
            Some(text) => text,
            None => {
                let text = self.generate(size, seed)?;
                // What the spec made it has checked; a generator's input is checked here.
                let checked = match self.helpers.generator {
                    Some(_) => self.validate(&text)?,
                    None => Ok(()),
                };
                if let Err(rejected) = checked {
                    let what = match &rejected {
                        Rejection::Validator(_) => format!(
                            "and the validator disagree: the validator rejects the generator's input ({})",
                            rejected.why()
                        ),
                        Rejection::Spec(_) => format!(
                            "and the spec disagree: the generator's input breaks the spec at {}",
                            rejected.why()
                        ),
                    };
                    let rejected = match rejected {
                        Rejection::Validator(run) => Some(run),
                        Rejection::Spec(_) => None,
                    };
                    let arguments = [size.to_string(), seed.to_string()];
                    let failure = self.failure(
                        Helper::Generator,
                        what,
                        rejected.as_ref(),
                        Some(&text),
                        &arguments,
                    );
                    return Err(failure);
                }
                if text.len() <= KEPT_INPUT {
                    let mut seen = self.seen();
                    seen.made.insert((size, seed), text.clone());
                }
                text
            }
        };
        Ok(Input::Text(Text {
            text,
            size: Some(size),
        }))
    }

    fn expected(&self, input: &Input) -> Result<Expected, Error> {
        self.reference(input)
    }

    fn longest_answer(&self, _: &Input, expected: &Expected) -> usize {
        match expected {
            Expected::Answer(answer) => answer.len(),
            Expected::Unknown => UNKNOWN_ANSWER,
        }
    }

    fn judge_answer(
        &self,
        input: &Input,
        expected: &str,
        output: &str,
    ) -> Result<Option<WrongAnswer>, Error> {
        match self.helpers.checker {
            Some(_) => self.run_checker(&input.text(), expected, output),
            None => Ok((!self.comparison.accepts(expected, output)).then(WrongAnswer::default)),
        }
    }

    fn seeds_per_size(&self) -> usize {
        SEEDS_PER_SIZE
    }

    /// With a spec, the test cases, then the units of the sizes (an item, a row, a letter, a
    /// vertex); else lines, then tokens, where a validator says which smaller inputs keep the
    /// constraints; none without one, where only the generator makes inputs that do.
    fn levels(&self) -> usize {
        match (&self.spec, &self.helpers.validator) {
            (Some(_), _) => 4,
            (None, Some(_)) => 2,
            (None, None) => 0,
        }
    }

    fn parts(&self, input: &Input, level: usize) -> usize {
        let text_level = match &self.spec {
            Some(_) => match self.document(input) {
                Some((spec, document)) if level == 0 => return spec.cases(&document),
                Some((spec, document)) if level == 1 => return spec.units(&document).len(),
                // An input the spec reads is cut by its structure alone, which keeps its format
                // where cutting its text would break it; one it cannot read, through its text.
                Some(_) => return 0,
                _ if level < 2 => return 0,
                _ => level - 2,
            },
            None => level,
        };
        match text_level {
            0 => text::line_count(&input.text()),
            _ => text::token_count(&input.text()),
        }
    }

    fn without(&self, input: &Input, level: usize, start: usize, count: usize) -> Option<Input> {
        let text_level = match &self.spec {
            Some(_) if level < 2 => {
                let (spec, document) = self.document(input)?;
                let smaller = match level {
                    0 => spec.without_cases(&document, start, count)?,
                    _ => spec.without_units(&document, &spec.units(&document), start, count)?,
                };
                return Some(Self::written(spec, &smaller));
            }
            Some(_) => level - 2,
            None => level,
        };
        let text = input.text();
        let smaller = match text_level {
            0 => text::without_lines(&text, start, count),
            _ => text::without_tokens(&text, start, count),
        };
        smaller.map(|text| Input::Text(Text { text, size: None }))
    }

    fn simpler(&self, input: &Input) -> Vec<Input> {
        if !self.checks_inputs() {
            return Vec::new();
        }
        let mut simpler: Vec<Input> = match self.document(input) {
            Some((spec, document)) => (spec.simpler(&document).iter())
                .map(|lowered| Self::written(spec, lowered))
                .collect(),
            None => Vec::new(),
        };
        let by_text = text::simpler(&input.text()).into_iter();
        simpler.extend(by_text.map(|text| Input::Text(Text { text, size: None })));
        simpler
    }

    fn numbers(&self, input: &Input) -> Vec<i128> {
        if let Some((spec, document)) = self.document(input) {
            return spec.numbers(&document);
        }
        match self.checks_inputs() {
            true => text::numbers(&input.text()),
            false => Vec::new(),
        }
    }

    fn with_numbers(&self, input: &Input, values: &[i128]) -> Option<Input> {
        if let Some((spec, document)) = self.document(input) {
            return Some(Self::written(spec, &spec.with_numbers(&document, values)?));
        }
        let text = text::with_numbers(&input.text(), values)?;
        Some(Input::Text(Text { text, size: None }))
    }

    /// The validator accepts it, and the reference answers it, if there is one.
    fn acceptable(&self, input: &Input) -> Result<bool, Error> {
        if self.validate(&input.text())?.is_err() {
            return Ok(false);
        }
        if self.helpers.reference.is_none() {
            return Ok(true);
        }
        match self.reference(input) {
            Ok(Expected::Answer(_)) => Ok(true),
            Ok(Expected::Unknown) | Err(Error::Helper(_)) => Ok(false),
            Err(error) => Err(error),
        }
    }

    /// The samples keep the spec, and the reference answers them as they say.
    fn check_itself(&self) -> Result<(), Error> {
        if let Some(spec) = &self.spec {
            for sample in &self.samples {
                if let Err(invalid) = spec.validate(&sample.input.text()) {
                    return Err(Error::Usage(format!(
                        "{} breaks the spec, at {invalid}: a sample that breaks it most often means a mistyped spec",
                        sample.name
                    )));
                }
            }
        }
        self.check_reference()
    }

    fn judged_by(&self, input: &Input, expected: &Expected) -> JudgedBy {
        match expected {
            _ if self.interactive() => JudgedBy::Interactor,
            Expected::Answer(_) if self.sample_answer(input).is_some() => JudgedBy::SampleAnswer,
            Expected::Answer(_) => JudgedBy::Reference,
            Expected::Unknown if self.judges_without_answer() => JudgedBy::CheckerAlone,
            Expected::Unknown => JudgedBy::LimitsAlone,
        }
    }

    fn judges_without_answer(&self) -> bool {
        self.helpers.checker.is_some() || self.interactive()
    }

    fn grown(&self, input: &Input) -> usize {
        text::token_count(&input.text())
    }

    fn helpers_time(&self) -> Duration {
        self.runs.spent()
    }

    fn interactor(&self, input: &Input) -> Result<Option<InteractorCall>, Error> {
        self.interactor_call(input)
    }

    fn interactive(&self) -> bool {
        self.helpers.interactor.is_some()
    }

    fn interactor_verdict(&self, input: &Input, ran: &Run) -> Result<Option<WrongAnswer>, Error> {
        self.interactor_judged(input, ran)
    }

    fn says_how_it_judged(&self) -> bool {
        true
    }

    fn answered_by(&self, input: &Input) -> String {
        match (self.sample_answer(input), &self.helpers.interactor) {
            (Some(sample), _) => format!("the answer of {}", sample.name),
            (None, Some(interactor)) => format!("the interactor, {}", shell_line(interactor)),
            (None, None) => format!(
                "the reference, {}",
                shell_line(self.command(Helper::Reference))
            ),
        }
    }

    fn notes(&self) -> Vec<String> {
        let seen = self.seen();
        let limit = seconds(self.limits.times(REFERENCE_ALLOWANCE).time.as_secs_f64());
        let slow = seen.slow_from.map(|slow| {
            format!(
                "The reference took longer than its limit of {limit} from size {} on, and gave no answer there.",
                crate::format::with_commas(slow)
            )
        });
        let reached = self.spec.as_ref().map(|spec| {
            let reached = self.reached();
            format!("The inputs' bounds: {}.", reached.summary(spec).join("; "))
        });
        slow.into_iter().chain(reached).collect()
    }

    fn cut_down_by(&self) -> &'static str {
        match self.spec {
            Some(_) => "by its structure",
            None => "through its text",
        }
    }

    fn inputs_made_by(&self) -> &'static str {
        match self.helpers.generator {
            Some(_) => "the generator",
            None => "the spec",
        }
    }

    fn oj_options(&self) -> String {
        match (&self.helpers.checker, self.comparison) {
            (Some(checker), _) => format!(
                " --judge-command {}",
                crate::format::shell_quoted(&shell_line(checker))
            ),
            (None, Comparison::Float { absolute, relative }) => {
                format!(" -e {}", absolute.max(relative))
            }
            _ => String::new(),
        }
    }
}
