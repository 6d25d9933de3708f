//! The interface of a problem that `check` judges a program on, [`Problem`]: what the search,
//! the judge and the report ask of it. This crate's two problems ([`crate::builtin`]) and a
//! user's own ([`crate::custom`]) answer it alike, so that one search, one judge and one report
//! serve both; what only the built-ins have (proptest's shrinking of their small inputs, the
//! diagnosis, the games and the page) are methods a user's problem leaves at their defaults.

use crate::error::Error;
use crate::family::{Family, Origin};
use crate::format::{counted, with_commas};
use crate::input::Input;
use crate::judge::Comparison;
use crate::mistake::Mistake;
use crate::process::{Options, Run};
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use std::ffi::OsString;
use std::fs;
use std::path::PathBuf;
use std::time::Duration;

/// What a problem's sizes count, in the singular and the plural: `word` and `words`; or, for a
/// user's problem, whose generator measures its SIZE its own way, `size` for both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Units {
    pub one: &'static str,
    pub many: &'static str,
}

impl Units {
    /// The SIZE of a user's problem.
    pub const SIZE: Self = Self {
        one: "size",
        many: "size",
    };

    /// `count` of these units: `3 words`, `1 round`, `size 12`.
    pub fn of(self, count: usize) -> String {
        match self == Self::SIZE {
            true => format!("size {}", with_commas(count)),
            false => counted(count, self.one, self.many),
        }
    }
}

/// A sample of a problem, which `check` runs first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// As the report names it: `official sample 2`, `sample "01"`.
    pub name: String,
    /// The name of the files a failure on it is saved as: `sample-2`.
    pub file: String,
    pub input: Input,
    /// Its answer, where the sample has one.
    pub answer: Option<String>,
}

/// An input of a case, and where it comes from, if an origin makes it at any size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub input: Input,
    pub origin: Option<Origin>,
}

/// A case as a problem draws it.
pub enum Drawn {
    /// A small input, which shrinks as proptest shrinks it.
    Tree(Box<dyn ValueTree<Value = Generated>>),
    /// The input that `origin` makes at `size`, which shrinks by its size.
    Made { origin: Origin, size: usize },
}

/// The right answer to an input, as far as the problem knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    Answer(String),
    /// Not known: the reference took too long on an input of this size or a smaller one. The run
    /// is still judged for time, memory, a crash and output.
    Unknown,
}

/// What judged a run's answer, for the report of a user's problem: each kind of case is said to
/// be judged so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum JudgedBy {
    /// A sample's own answer.
    SampleAnswer,
    /// The reference's answer (this crate's solution, for a built-in).
    Reference,
    /// The checker, given no answer, where the reference took too long.
    CheckerAlone,
    /// Nothing of the answer: the time, memory, a crash and the output's size only.
    LimitsAlone,
    /// The interactor of an interactive problem, which talked with the program.
    Interactor,
}

/// How an interactive problem's interactor is run on one hidden input, testlib's way:
/// `INT INPUT OUTPUT`, the input in a file of its own, and its verdict's words written to
/// another, in a folder that [`InteractorCall::words`] removes.
#[derive(Clone, Debug)]
pub struct InteractorCall {
    pub command: Vec<OsString>,
    pub options: Options,
    pub folder: PathBuf,
    pub output: PathBuf,
}

impl InteractorCall {
    /// What the interactor wrote of its verdict, once the dialogue has ended; its folder is
    /// removed.
    pub fn words(self) -> String {
        let words = fs::read(&self.output).unwrap_or_default();
        let _ = fs::remove_dir_all(&self.folder);
        String::from_utf8_lossy(&words).into_owned()
    }
}

/// The share of the cases, in percent, given to small inputs before the sizes grow to the
/// largest.
const SMALL_SHARE: usize = 75;

/// The smallest of the growing inputs, if the largest is larger.
const FIRST_LARGE: usize = 100;

/// How many of `cases` are small: [`SMALL_SHARE`] percent, and at least the first.
pub fn small_cases(cases: usize) -> usize {
    (cases * SMALL_SHARE / 100).max(1)
}

/// The largest size of case `case` (from 0) of `cases` of `problem`. Over the first three
/// quarters it grows linearly from 1 to the problem's [`Problem::small_size`]; over the rest,
/// geometrically from [`FIRST_LARGE`] to its [`Problem::largest_size`].
pub fn size_limit(problem: &dyn Problem, case: usize, cases: usize) -> usize {
    let (largest, small_cases) = (problem.largest_size(), small_cases(cases));
    if case < small_cases {
        let small = problem.small_size().min(largest);
        return 1 + case * (small - 1) / (small_cases - 1).max(1);
    }
    let first = FIRST_LARGE.min(largest);
    let (step, steps) = (case - small_cases, cases - small_cases);
    let fraction = if steps > 1 {
        step as f64 / (steps - 1) as f64
    } else {
        1.0
    };
    let growth = (largest as f64 / first as f64).powf(fraction);
    ((first as f64 * growth).round() as usize).min(largest)
}

/// A problem as `check` judges a program on it.
pub trait Problem: Sync {
    /// Its name, for reports and the files a case is saved as: `shiritori`.
    fn name(&self) -> &str;

    /// What its sizes count.
    fn units(&self) -> Units;

    /// Its samples, in the order they run.
    fn samples(&self) -> &[Sample];

    /// The largest size of its small cases, the first three quarters.
    fn small_size(&self) -> usize;

    /// The largest size of its cases: the judge's largest N, or the user's `--max-size`.
    fn largest_size(&self) -> usize;

    /// Its worst-case families, run at [`Problem::largest_size`] after the cases.
    fn families(&self) -> &[Family];

    /// The inputs run at [`Problem::largest_size`] after the cases, by the origins that make
    /// them, drawn from the check's `seed`: each worst-case family's.
    fn largest_cases(&self, seed: u64) -> Vec<Origin> {
        let origin = |&family| Origin {
            family: Some(family),
            seed,
        };
        self.families().iter().map(origin).collect()
    }

    /// Case `case` (from 0) of `cases`, of at most `largest` words, rounds or SIZE, drawn from
    /// `runner`.
    fn draw(&self, case: usize, cases: usize, largest: usize, runner: &mut TestRunner) -> Drawn;

    /// The input that `origin` makes at `size`.
    fn make(&self, origin: Origin, size: usize) -> Result<Input, Error>;

    /// The right answer to `input`.
    fn expected(&self, input: &Input) -> Result<Expected, Error>;

    /// The most bytes a right answer to `input` can take, whose `expected` answer is known so far,
    /// for the output limit.
    fn longest_answer(&self, input: &Input, expected: &Expected) -> usize;

    /// Whether `output` is a right answer to `input`, whose `expected` answer it is judged
    /// against: None if it is; else why not, if the problem can say (a checker's message).
    fn judge_answer(
        &self,
        input: &Input,
        expected: &str,
        output: &str,
    ) -> Result<Option<WrongAnswer>, Error> {
        let _ = input;
        let right = Comparison::Lines.accepts(expected, output);
        Ok((!right).then_some(WrongAnswer { message: None }))
    }

    /// How many seeds shrinking through an origin tries at each size below the smallest failing
    /// one that bisection found: none for the built-ins, whose families fail at a size whatever
    /// their seed.
    fn seeds_per_size(&self) -> usize {
        0
    }

    /// The levels at which parts of an input can be cut out of it, coarsest first: the words or
    /// rounds of a built-in problem; the lines, then the tokens, of a user's text.
    fn levels(&self) -> usize;

    /// How many parts of `level` `input` has.
    fn parts(&self, input: &Input, level: usize) -> usize;

    /// `input` without `count` of its parts of `level` from part `start` (from 0), and anything
    /// that counts them made to agree; None when there is nothing there that the problem cuts
    /// (the end, or a part it keeps), or nothing would be left.
    fn without(&self, input: &Input, level: usize, start: usize, count: usize) -> Option<Input>;

    /// Inputs a step simpler than `input` with as many parts, the most promising first: a number
    /// or a string made shorter. None for the built-ins, whose parts are all the same size.
    fn simpler(&self, input: &Input) -> Vec<Input> {
        let _ = input;
        Vec::new()
    }

    /// The numbers of `input` that shrinking brings nearer 0, after it made it
    /// simpler ([`Problem::simpler`]): none for the built-ins, whose numbers are their structure.
    fn numbers(&self, input: &Input) -> Vec<i128> {
        let _ = input;
        Vec::new()
    }

    /// `input` with its numbers (of [`Problem::numbers`]) made `values`.
    fn with_numbers(&self, input: &Input, values: &[i128]) -> Option<Input> {
        let _ = (input, values);
        None
    }

    /// Whether `input`, made by cutting down a failing input, may stand for the problem: it keeps
    /// the constraints, and its right answer is known. The built-ins' always do.
    fn acceptable(&self, input: &Input) -> Result<bool, Error> {
        let _ = input;
        Ok(true)
    }

    /// What judges an answer to `input`, whose `expected` answer is known so far: its answer, or
    /// the limits alone where it is not known. A user's problem tells a sample's own answer, and
    /// has its checker judge without an answer ([`Problem::judges_without_answer`]).
    fn judged_by(&self, input: &Input, expected: &Expected) -> JudgedBy {
        let _ = input;
        match (expected, self.judges_without_answer()) {
            (Expected::Answer(_), _) => JudgedBy::Reference,
            (Expected::Unknown, true) => JudgedBy::CheckerAlone,
            (Expected::Unknown, false) => JudgedBy::LimitsAlone,
        }
    }

    /// Whether an answer is judged where the right one is not known ([`Expected::Unknown`]), by
    /// a checker given an empty answer: a checker may not need it.
    fn judges_without_answer(&self) -> bool {
        false
    }

    /// What grows of `input` as its size does, which a growth is measured against: its size
    /// (words or rounds) for the built-ins; its tokens for a user's problem, whose generator may
    /// draw N at random below SIZE.
    fn grown(&self, input: &Input) -> usize {
        input.size()
    }

    /// The time that the problem's own helpers have taken so far, which counts with the
    /// program's against the budgets of shrinking: none for the built-ins, answered in place.
    fn helpers_time(&self) -> Duration {
        Duration::ZERO
    }

    /// How the interactor talks with the program on `input`, for an interactive problem: None
    /// for a problem whose program reads its input and prints its answer.
    fn interactor(&self, input: &Input) -> Result<Option<InteractorCall>, Error> {
        let _ = input;
        Ok(None)
    }

    /// Whether the problem is interactive: its program talks with an interactor
    /// ([`Problem::interactor`]).
    fn interactive(&self) -> bool {
        false
    }

    /// The interactor's verdict on the dialogue `ran`, on `input`: None if it accepted the
    /// program, else its words; a helper failure if it failed itself (an exit status of its own,
    /// a crash, a limit, or no end after the program's).
    fn interactor_verdict(&self, input: &Input, ran: &Run) -> Result<Option<WrongAnswer>, Error> {
        let _ = (input, ran);
        Ok(None)
    }

    /// Whether the report says what judged each kind of case: a user's problem, judged by their
    /// helpers, does.
    fn says_how_it_judged(&self) -> bool {
        false
    }

    /// Checks what the problem trusts before anything is judged by it: a user's reference,
    /// against every sample that has its answer. An error blames what was wrong, a helper
    /// ([`Error::Helper`]), never the program. The built-ins trust this crate's solutions, whose
    /// own tests check them.
    fn check_itself(&self) -> Result<(), Error> {
        Ok(())
    }

    /// Whose the expected answer to `input` is, for the report: `this crate's shiritori`; `the
    /// answer of sample "2"` where a user's sample has one.
    fn answered_by(&self, input: &Input) -> String;

    /// What a line of an answer to `input` is about, for the report of a wrong answer: `word 3
    /// "abcdef"`; None when the answer has one line.
    fn line_label(&self, input: &Input, line: usize) -> Option<String> {
        let _ = input;
        Some(format!("line {}", line + 1))
    }

    /// The games to show beside a wrong answer to `input` whose answers differ on `lines` (from
    /// 0), at most `most`: each the command a reader runs for it and what it prints. None for a
    /// user's problem.
    fn right_games(
        &self,
        input: &Input,
        lines: &[usize],
        most: usize,
    ) -> Result<Vec<RightGame>, Error> {
        let _ = (input, lines, most);
        Ok(Vec::new())
    }

    /// The classic mistakes a wrong answer is held against: none for a user's problem.
    fn mistakes(&self) -> &'static [Mistake] {
        &[]
    }

    /// What makes the inputs of a user's problem, as the report names it: `the generator`, or
    /// `the spec`.
    fn inputs_made_by(&self) -> &'static str {
        "the generator"
    }

    /// How a user's input is cut down, as the report says it: `through its text`, or `by its
    /// structure` where a spec reads it.
    fn cut_down_by(&self) -> &'static str {
        "through its text"
    }

    /// What the report should add of how the check went for the problem: none for the built-ins;
    /// for a user's problem, up to which size the answers were compared.
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }

    /// The options of `oj t` that judge an answer as the check did, each after a space: a
    /// user's checker (`--judge-command`), or a tolerance (`-e`).
    fn oj_options(&self) -> String {
        String::new()
    }

    /// The explore page of `input`, with a program's `answers` beside the right ones: None for a
    /// user's problem; else the page, or why it could not be made.
    fn page(&self, input: &Input, answers: Option<Vec<String>>) -> Option<Result<String, Error>> {
        let _ = (input, answers);
        None
    }
}

/// Why an answer is wrong, beyond where it differs from the expected one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WrongAnswer {
    /// What a checker said of it.
    pub message: Option<String>,
}

/// A right game, as the report shows it beside a wrong answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RightGame {
    /// The command that prints it: `atcoder-games explain shiritori 3`.
    pub command: String,
    pub game: String,
}
