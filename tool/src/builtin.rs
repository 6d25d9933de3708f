//! This crate's two problems as `check` judges a program on them ([`Problem`]): their official
//! samples, small varied inputs that proptest shrinks and the worst-case families, the right
//! answer and the right games from the solutions' own code, called in place, the classic
//! mistakes, and the explore page.

use crate::error::Error;
use crate::family::{Family, Origin};
use crate::input::{Builtin, Input, JUDGE_MAX};
use crate::mistake::{self, Mistake};
use crate::problem::{Drawn, Expected, Generated, Problem, RightGame, Sample, Units, small_cases};
use crate::solved::{self, AnalysedDictionary, lucky7_game};
use crate::{games, lucky7, page, shiritori, strategy};
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use proptest::test_runner::TestRunner;
use std::io::Write;
use std::sync::LazyLock;

/// The largest small input: words of a dictionary, rounds of a game.
const SMALL_WORDS: usize = 24;
const SMALL_ROUNDS: usize = 16;

/// The official samples, named as the report names them.
static SHIRITORI_SAMPLES: LazyLock<Vec<Sample>> = LazyLock::new(|| named(Builtin::Shiritori));
static LUCKY7_SAMPLES: LazyLock<Vec<Sample>> = LazyLock::new(|| named(Builtin::Lucky7));

/// The official samples of `problem`, with their names and answers.
fn named(problem: Builtin) -> Vec<Sample> {
    let samples = problem.samples().into_iter().enumerate();
    samples
        .map(|(k, input)| Sample {
            name: format!("official sample {}", k + 1),
            file: format!("sample-{}", k + 1),
            answer: right_answer(problem, &input).ok(),
            input,
        })
        .collect()
}

/// The inputs of case `case` (from 0) of `cases`, of at most `largest` words or rounds (a
/// Shiritori word may be listed twice). The first three quarters are small and varied
/// ([`strategy::dictionary`], [`strategy::game`]); the rest come from the problem's
/// [`Family`]s, and remember which. Either kind shrinks: the large ones by bisecting their
/// size.
pub fn inputs(
    problem: Builtin,
    case: usize,
    cases: usize,
    largest: usize,
) -> BoxedStrategy<Generated> {
    let unsized_input = |input| Generated {
        input,
        origin: None,
    };
    if case < small_cases(cases) {
        return match problem {
            Builtin::Shiritori => strategy::dictionary(largest)
                .prop_map(move |words| unsized_input(Input::Shiritori(words.iter().collect())))
                .boxed(),
            Builtin::Lucky7 => strategy::game(largest)
                .prop_map(move |(digits, players)| unsized_input(Input::Lucky7 { digits, players }))
                .boxed(),
        };
    }
    // The seed of a large input picks its words or rounds; only its size is worth shrinking.
    let families = prop::sample::select(Family::of(problem).to_vec());
    (families, 1..=largest, any::<u64>().no_shrink())
        .prop_map(|(family, size, seed)| Generated {
            input: family.input(size, seed),
            origin: Some(Origin {
                family: Some(family),
                seed,
            }),
        })
        .boxed()
}

/// The right games a report shows beside a wrong answer to `input` of `problem` whose answers
/// differ on `lines` (from 0): Shiritori's opened with the first `most` words among those lines
/// (numbered from 1), Lucky 7's one game (None).
pub fn explained(
    problem: Builtin,
    input: &Input,
    lines: &[usize],
    most: usize,
) -> Vec<Option<usize>> {
    match problem {
        Builtin::Shiritori => lines
            .iter()
            .filter(|&&line| line < input.size())
            .take(most)
            .map(|&line| Some(line + 1))
            .collect(),
        Builtin::Lucky7 => vec![None],
    }
}

/// The command that prints the right game of `problem` opened with `word` (from 1), if it has
/// several: `atcoder-games explain shiritori 2`.
pub fn game_command(problem: Builtin, word: Option<usize>) -> String {
    let name = problem.name();
    match word {
        Some(word) => format!("atcoder-games explain {name} {word}"),
        None => format!("atcoder-games explain {name}"),
    }
}

/// The right answer to `input` of `problem`, by this crate's solution, called in place; the
/// error is the solution's message, which only an input not of the problem's gets.
fn right_answer(problem: Builtin, input: &Input) -> Result<String, Error> {
    let mut out = Vec::new();
    let written = match problem {
        Builtin::Shiritori => {
            let dictionary = solved::dictionary(input)?;
            let analysis = shiritori::analyse(dictionary.moves);
            shiritori::write_winners(&mut out, &dictionary.to, &analysis)
        }
        Builtin::Lucky7 => {
            let game = lucky7_game(input.text().as_bytes())?;
            writeln!(out, "{}", lucky7::winner(&game))
        }
    };
    written.map_err(|error| Error::Fatal(error.to_string()))?;
    String::from_utf8(out).map_err(|error| Error::Fatal(error.to_string()))
}

/// The input of `problem` in `text`, read as the solution reads it: the error is what the
/// solution would print (`error: ...`).
pub fn read_input(problem: Builtin, text: &str) -> Result<Input, Error> {
    match problem {
        Builtin::Shiritori => solved::dictionary(&Input::Text(crate::input::Text {
            text: text.to_string(),
            size: None,
        }))
        .map(drop)?,
        Builtin::Lucky7 => lucky7_game(text.as_bytes()).map(drop)?,
    }
    // What the solution reads, the judge's input is: N and as many words, or N, S and X.
    Input::parse(problem, text)
        .ok_or_else(|| Error::Fatal("error: tokens after the input's last".to_string()))
}

/// What this crate's own solution failing means: a bug here.
fn own_failure(problem: Builtin, message: impl std::fmt::Display) -> Error {
    Error::Fatal(format!(
        "this crate's own {} failed: {message}",
        problem.name()
    ))
}

impl Problem for Builtin {
    fn name(&self) -> &str {
        Builtin::name(*self)
    }

    fn units(&self) -> Units {
        match self {
            Self::Shiritori => Units {
                one: "word",
                many: "words",
            },
            Self::Lucky7 => Units {
                one: "round",
                many: "rounds",
            },
        }
    }

    fn samples(&self) -> &[Sample] {
        match self {
            Self::Shiritori => &SHIRITORI_SAMPLES,
            Self::Lucky7 => &LUCKY7_SAMPLES,
        }
    }

    fn small_size(&self) -> usize {
        match self {
            Self::Shiritori => SMALL_WORDS,
            Self::Lucky7 => SMALL_ROUNDS,
        }
    }

    fn largest_size(&self) -> usize {
        JUDGE_MAX
    }

    fn families(&self) -> &[Family] {
        Family::of(*self)
    }

    fn draw(&self, case: usize, cases: usize, largest: usize, runner: &mut TestRunner) -> Drawn {
        let tree = inputs(*self, case, cases, largest)
            .new_tree(runner)
            .expect("these strategies reject nothing");
        Drawn::Tree(Box::new(tree))
    }

    fn make(&self, origin: Origin, size: usize) -> Result<Input, Error> {
        let family = origin
            .family
            .ok_or_else(|| own_failure(*self, "an input with no family to make it"))?;
        Ok(family.input(size, origin.seed))
    }

    fn expected(&self, input: &Input) -> Result<Expected, Error> {
        right_answer(*self, input)
            .map(Expected::Answer)
            .map_err(|error| own_failure(*self, error))
    }

    /// `Takahashi\n` for each word, or once.
    fn longest_answer(&self, input: &Input, _: &Expected) -> usize {
        const LONGEST_LINE: usize = "Takahashi\n".len();
        match self {
            Self::Shiritori => LONGEST_LINE * input.size(),
            Self::Lucky7 => LONGEST_LINE,
        }
    }

    fn levels(&self) -> usize {
        1
    }

    fn parts(&self, input: &Input, _: usize) -> usize {
        input.size()
    }

    fn without(&self, input: &Input, _: usize, start: usize, count: usize) -> Option<Input> {
        input.without(start, count)
    }

    fn answered_by(&self, _: &Input) -> String {
        format!("this crate's {}", Builtin::name(*self))
    }

    fn line_label(&self, input: &Input, line: usize) -> Option<String> {
        match input {
            Input::Shiritori(words) => Some(match words.get(line) {
                Some(word) => format!("word {} \"{word}\"", line + 1),
                None => format!("line {}", line + 1),
            }),
            _ => None,
        }
    }

    /// Shiritori's games opened with the words whose answers differ, Lucky 7's one game.
    fn right_games(
        &self,
        input: &Input,
        lines: &[usize],
        most: usize,
    ) -> Result<Vec<RightGame>, Error> {
        let text = input.text();
        let played = |write: &dyn Fn(&mut Vec<u8>) -> std::io::Result<()>| {
            let mut out = Vec::new();
            write(&mut out).map_err(|error| own_failure(*self, error))?;
            String::from_utf8(out).map_err(|error| own_failure(*self, error))
        };
        let games = explained(*self, input, lines, most);
        let game = match self {
            Self::Shiritori => {
                let dictionary = AnalysedDictionary::read(text.as_bytes())
                    .map_err(|error| own_failure(*self, error))?;
                let word =
                    |word| played(&|out| games::write_shiritori_games(out, &dictionary, &[word]));
                games
                    .iter()
                    .map(|&opening| word(opening.unwrap_or(1)))
                    .collect()
            }
            Self::Lucky7 => {
                let game =
                    lucky7_game(text.as_bytes()).map_err(|error| own_failure(*self, error))?;
                let whole = played(&|out| games::write_lucky7_game(out, &game))?;
                Ok(vec![whole; games.len()])
            }
        };
        let commands = games.iter().map(|&opening| game_command(*self, opening));
        let games = game?.into_iter().zip(commands);
        Ok(games
            .map(|(game, command)| RightGame { command, game })
            .collect())
    }

    fn mistakes(&self) -> &'static [Mistake] {
        mistake::of(*self)
    }

    fn page(&self, input: &Input, answers: Option<Vec<String>>) -> Option<Result<String, Error>> {
        let text = input.text();
        Some(match self {
            Self::Shiritori => AnalysedDictionary::read(text.as_bytes())
                .and_then(|dictionary| page::shiritori_page(&dictionary, answers)),
            Self::Lucky7 => {
                lucky7_game(text.as_bytes()).and_then(|game| page::lucky7_page(&game, answers))
            }
        })
    }
}
