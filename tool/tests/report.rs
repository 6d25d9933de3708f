//! The report of a failure, on made-up failures: what it shows in full, and where it stops.

use atcoder_games_tool::builtin::{explained, game_command};
use atcoder_games_tool::error::Error;
use atcoder_games_tool::family::Family;
use atcoder_games_tool::family::Origin;
use atcoder_games_tool::findings::{Caught, EXPLAINED_WORDS, Pass, SavedCase, StartUp};
use atcoder_games_tool::format::{LINE_WIDTH, seconds_beside, shortened};
use atcoder_games_tool::growth::{Curve, Fit, Measured, Resource};
use atcoder_games_tool::input::{Builtin, Input};
use atcoder_games_tool::judge::{Failure, Limits, TooDeep, differing_lines};
use atcoder_games_tool::problem::{Problem, RightGame};
use atcoder_games_tool::process::Stop;
use atcoder_games_tool::report::{SECTION_LINES, SHOWN_DIFFERENCES, SHOWN_STDERR};
use atcoder_games_tool::search::{Case, Diagnosis, Found, Margins, Peak, Undiagnosed};
use atcoder_games_tool::setup::{SaveFolder, Setup};
use std::path::PathBuf;
use std::time::Duration;

/// How a check was run, as these tests give it; [`report`] and [`passed`] make it a
/// [`Setup`].
struct Scenario<'a> {
    problem: Builtin,
    /// The program's command line, split as a shell splits it.
    command: &'a str,
    cases: usize,
    seed: u64,
    limits: Limits,
    saved: Option<SavedCase>,
    time_factor: f64,
}

impl Scenario<'_> {
    fn setup(&self) -> Setup {
        Setup {
            problem: Box::new(self.problem),
            program: self.command.to_string(),
            command: shell_words::split(self.command)
                .unwrap()
                .into_iter()
                .map(Into::into)
                .collect(),
            cases: self.cases,
            seed: self.seed,
            limits: self.limits,
            time_factor: self.time_factor,
            shim: None,
            folder: SaveFolder {
                path: PathBuf::from("/tmp"),
                made: Vec::new(),
            },
            html: None,
            built: Vec::new(),
            jobs: 2,
            warnings: Vec::new(),
        }
    }
}

/// The right game a report asks for: the word it opens with (Shiritori), or none (Lucky 7's).
struct Game(Option<usize>);

impl std::fmt::Debug for Game {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "Game({:?})", self.0)
    }
}

/// The report of `found`, with `growth` and `diagnosis`, as `scenario` ran the check: its right
/// games chosen as `check` chooses them, and played by `trusted`, which says what it was asked.
fn report<E>(
    scenario: &Scenario,
    found: &Found,
    growth: Option<&Curve>,
    diagnosis: Option<&Result<Diagnosis, Undiagnosed>>,
    mut trusted: impl FnMut(Game) -> Result<String, E>,
) -> Result<String, E> {
    let (mut differences, mut games) = (Vec::new(), Vec::new());
    if let Failure::WrongAnswer {
        expected, actual, ..
    } = &found.failure
    {
        differences = differing_lines(expected, actual);
        let lines: Vec<usize> = differences.iter().map(|&(line, _, _)| line).collect();
        for opening in explained(scenario.problem, &found.input, &lines, EXPLAINED_WORDS) {
            games.push(RightGame {
                command: game_command(scenario.problem, opening),
                game: trusted(Game(opening))?,
            });
        }
    }
    let caught = Caught {
        found: found.clone(),
        growth: growth.cloned(),
        diagnosis: diagnosis.cloned(),
        differences,
        games,
        saved: scenario.saved.clone(),
        page: None,
        printed_first: Vec::new(),
        elapsed: Duration::from_secs(3),
        start_up: None,
        forked: 0,
    };
    Ok(atcoder_games_tool::report::report(
        &scenario.setup(),
        &caught,
    ))
}

/// The report of a pass as `scenario` ran the check.
fn passed(scenario: &Scenario, largest: usize, margins: &Margins, elapsed: Duration) -> String {
    let pass = Pass {
        largest,
        margins: margins.clone(),
        elapsed,
        start_up: None,
        forked: 0,
    };
    atcoder_games_tool::report::passed(&scenario.setup(), &pass)
}

/// The lines on which a wrong answer to `input` of `problem` differs from the expected one, as
/// the report labels them.
fn differences(problem: Builtin, input: &Input, expected: &str, actual: &str) -> Vec<String> {
    let lines = differing_lines(expected, actual).into_iter();
    lines
        .map(
            |(line, wanted, got)| match problem.line_label(input, line) {
                Some(label) => format!("{label}: expected {wanted}, got {got}"),
                None => format!("expected {wanted}, got {got}"),
            },
        )
        .collect()
}

fn scenario(problem: Builtin) -> Scenario<'static> {
    Scenario {
        problem,
        command: "./a.out",
        cases: 300,
        seed: 42,
        limits: Limits {
            time: Duration::from_millis(1500),
            memory: 256 << 20,
            stack: 1 << 30,
        },
        saved: None,
        time_factor: 1.0,
    }
}

fn found(input: Input, failure: Failure) -> Found {
    Found {
        case: Case::Random(6),
        first: input.clone(),
        first_failure: failure.clone(),
        first_origin: None,
        input,
        failure,
        origin: None,
        bisected: false,
        cut_down: false,
        shrink_steps: 9,
    }
}

fn time_limit(seconds: f64) -> Failure {
    Failure::TimeLimit {
        time: Duration::from_secs_f64(seconds),
        stopped: false,
        blocked: false,
    }
}

/// A crash, which shows its input.
fn crash() -> Failure {
    Failure::Crash {
        status: "exit status: 101".to_string(),
        stderr: "boom".to_string(),
        too_deep: None,
    }
}

/// `text` with the lines of each paragraph joined by spaces, as they were before wrapping.
fn unwrapped(text: &str) -> String {
    text.split("\n\n")
        .map(|paragraph| paragraph.trim_end().replace('\n', " "))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Word `k` (from 0) of [`words`]: `aaa`, `aab`, ..., `aaz`, `aba`, ...
fn word(k: usize) -> String {
    let letter = |code: usize| char::from(b'a' + code as u8);
    format!("a{}{}", letter(k / 26), letter(k % 26))
}

/// A dictionary of `count` words.
fn words(count: usize) -> Input {
    Input::Shiritori((0..count).map(word).collect())
}

/// The trusted answer: what it was asked, so the report shows what it asked.
fn trusted(asked: Game) -> Result<String, ()> {
    Ok(format!("asked {asked:?}\nsecond line\n"))
}

/// The report of `found` for `problem`, with [`trusted`] answers.
fn reported(problem: Builtin, found: &Found) -> String {
    report(&scenario(problem), found, None, None, trusted).expect("the trusted answers do not fail")
}

/// The lines of each section of `text`, the blocks between blank lines.
fn section_lengths(text: &str) -> Vec<usize> {
    text.split("\n\n")
        .map(|section| section.lines().count())
        .collect()
}

#[test]
fn a_wrong_answer_shows_the_input_the_differences_and_the_games() {
    let expected = "Draw\nAoki\nTakahashi\n".to_string();
    let actual = "Draw\nTakahashi\nAoki\n".to_string();
    let failure = Failure::WrongAnswer {
        expected,
        actual,
        message: None,
    };
    let text = reported(Builtin::Shiritori, &found(words(3), failure));
    let wanted = "\
check: ./a.out gives a wrong answer (WA) on shiritori.
Found in 3.0 s, 2 runs at a time.

Smallest failing input (3 words), shrunk from case 7 of 300 (3 words, seed 42) after 9 tries:
3
aaa
aab
aac

Where the answers differ (expected: this crate's shiritori):
  word 2 \"aab\": expected Aoki, got Takahashi
  word 3 \"aac\": expected Takahashi, got Aoki

The right game (atcoder-games explain shiritori 2):
  asked Game(Some(2))
  second line

The right game (atcoder-games explain shiritori 3):
  asked Game(Some(3))
  second line
";
    assert_eq!(text, wanted);
}

#[test]
fn a_long_input_is_shown_in_part() {
    // The line before the input and N and the words fill the section exactly.
    let text = reported(
        Builtin::Shiritori,
        &found(words(SECTION_LINES - 2), crash()),
    );
    assert!(text.contains(&format!("{}\naaa\n", SECTION_LINES - 2)));
    assert!(!text.contains("more lines"), "{text}");
    let text = reported(
        Builtin::Shiritori,
        &found(words(SECTION_LINES - 1), crash()),
    );
    // N and all words but the last two, whose place the line that counts them takes.
    let last_shown = word(SECTION_LINES - 4);
    assert!(
        text.contains(&format!("\n{last_shown}\n... and 2 more lines\n")),
        "{text}"
    );
    assert!(
        text.starts_with(
            "check: ./a.out gives a runtime error (RE, exit status: 101) on shiritori.\n"
        ),
        "{text}"
    );
    assert!(
        section_lengths(&text)
            .iter()
            .all(|&lines| lines <= SECTION_LINES)
    );
}

#[test]
fn the_verdicts_say_what_was_over_which_limit() {
    let memory = Failure::MemoryLimit { peak: 300 << 20 };
    let text = reported(Builtin::Lucky7, &found(game(3), memory));
    assert!(
        text.starts_with(
            "check: ./a.out gives memory limit exceeded (MLE): more than 256 MiB on lucky7.\n"
        ),
        "{text}"
    );
    let blocked = Failure::TimeLimit {
        time: Duration::from_millis(1650),
        stopped: true,
        blocked: true,
    };
    let text = reported(Builtin::Lucky7, &found(game(5), blocked));
    assert!(unwrapped(&text).starts_with("check: ./a.out gives no answer (TLE): it waited (slept or blocked) and was stopped on the wall clock after 1.65 s on lucky7. Found in 3.0 s, 2 runs at a time.\n"), "{text}");
    // Without a growth, a time-out says no more than its input and where it comes from: a
    // short input is shown, whatever the verdict.
    let input = game(5).text();
    assert!(
        text.ends_with(&format!("\nSmallest failing input (5 rounds), shrunk from case 7 of 300 (5 rounds, seed 42) after 9 tries:\n{input}")),
        "{text}"
    );
    let stopped = Failure::TimeLimit {
        time: Duration::from_millis(1660),
        stopped: true,
        blocked: false,
    };
    let text = reported(Builtin::Lucky7, &found(game(3), stopped));
    assert!(unwrapped(&text).starts_with("check: ./a.out gives time limit exceeded (TLE): stopped at 1.66 s, more than the 1.50 s limit on lucky7. Found in 3.0 s, 2 runs at a time.\n"), "{text}");
    let printed = Failure::OutputLimit { limit: 1 << 20 };
    let text = reported(Builtin::Lucky7, &found(game(3), printed));
    assert!(text.starts_with("check: ./a.out gives output limit exceeded (OLE): it printed more than 1 MiB on lucky7.\n"), "{text}");
    assert!(text.contains("\n000\n"), "{text}");
    // A crash with a full stack names the stack.
    let overflowed = Failure::Crash {
        status: "signal: 11 (SIGSEGV)".into(),
        stderr: String::new(),
        too_deep: Some(TooDeep::Stack),
    };
    let text = reported(Builtin::Lucky7, &found(game(3), overflowed));
    assert!(unwrapped(&text).ends_with("\n\nIts stack overflowed: it reached the limit of 1024 MiB (--stack; the judge's is 1024 MiB). The recursion may be too deep, or endless."), "{text}");
    // An empty stderr gets no heading, and a crash no expected output, which means nothing there.
    assert!(!text.contains("stderr"), "{text}");
    assert!(!text.contains("Expected output"), "{text}");
    // A stack that overflowed on a large input is about its size, which is given, not shown.
    let overflowed = Failure::Crash {
        status: "signal: 11 (SIGSEGV)".into(),
        stderr: String::new(),
        too_deep: Some(TooDeep::Stack),
    };
    let text = reported(Builtin::Lucky7, &found(game(500), overflowed));
    assert!(text.contains("\nSmallest failing input: 500 rounds, shrunk from case 7 of 300 (500 rounds, seed 42) after 9 tries.\n"), "{text}");
    // A time-out on an input of a few rounds is a hang: shown, and said.
    let hang = Failure::TimeLimit {
        time: Duration::from_secs(6),
        stopped: true,
        blocked: true,
    };
    let text = unwrapped(&reported(Builtin::Lucky7, &found(game(4), hang.clone())));
    assert!(text.contains("after 9 tries: 4 0000 AAAA\n\nIt hangs on so small an input (4 rounds): not shrunk further, where each try would wait for the time limit."), "{text}");
    // A sample that hangs was never shrunk, and is not said to be.
    let sample = Found {
        case: Case::Sample(1),
        ..found(game(4), hang.clone())
    };
    let text = unwrapped(&reported(Builtin::Lucky7, &sample));
    assert!(!text.contains("not shrunk further"), "{text}");
    let text = unwrapped(&reported(Builtin::Lucky7, &found(game(5), hang)));
    assert!(!text.contains("hangs"), "{text}");
}

#[test]
fn long_lines_are_shortened_and_the_report_bounded() {
    // A Lucky 7 game of 200,000 rounds, found by a crash: its two long lines are shown by their
    // ends.
    let digits = "0123456789".repeat(20_000);
    let players = "AT".repeat(100_000);
    let input = Input::Lucky7 { digits, players };
    let failure = Failure::Crash {
        status: "exit status: 1".into(),
        stderr: "x".repeat(1_000_000),
        too_deep: None,
    };
    let found = found(input, failure);
    let text = reported(Builtin::Lucky7, &found);
    assert!(
        text.contains("\n01234567890123456789...(199,960 characters)...01234567890123456789\n"),
        "{text}"
    );
    assert!(
        text.contains("\nATATATATATATATATATAT...(199,960 characters)...ATATATATATATATATATAT\n"),
        "{text}"
    );
    assert!(text.len() < 4096, "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 160, "{line}");
    }
    // Many long lines stop at 16 KiB, and say so.
    let wrong = Failure::WrongAnswer {
        expected: "Aoki\n".repeat(400),
        actual: "Takahashi\n".repeat(400),
        message: None,
    };
    let long_words: Vec<String> = (0..400)
        .map(|k| format!("{}{k}", "abc".repeat(40)))
        .collect();
    let mut found = self::found(Input::Shiritori(long_words.iter().collect()), wrong);
    found.case = Case::Random(3);
    let long_game: String = (1..=300)
        .map(|k| format!("{k}. Takahashi: {} {}\n", "w".repeat(50), "v".repeat(50)))
        .collect();
    let text = report(&scenario(Builtin::Shiritori), &found, None, None, |_| {
        Ok::<_, Error>(long_game.clone())
    })
    .unwrap();
    assert!(text.len() <= 16 * 1024, "{}", text.len());
    assert!(
        text.ends_with("\n... (the report stops here, 5,100 bytes short of its end)\n"),
        "{}",
        &text[text.len() - 200..]
    );
    // The cut comes after as many lines as fit in 15 KiB (16 KiB, less 1 KiB for where the case
    // is saved): one command or another, they fill it to the byte.
    let mut filled = false;
    for padding in 0..130 {
        let command = format!("./{}", "a".repeat(padding));
        let text = report(
            &Scenario {
                command: &command,
                ..scenario(Builtin::Shiritori)
            },
            &found,
            None,
            None,
            |_| Ok::<_, Error>(long_game.clone()),
        )
        .unwrap();
        let kept = text.rfind("... (the report stops here, ").unwrap();
        assert!(kept <= 15 * 1024, "{kept}");
        filled |= kept == 15 * 1024;
    }
    assert!(filled);
}

#[test]
fn a_long_line_shows_its_long_tokens_by_their_ends_and_is_cut_past_160_characters() {
    let words = |count: usize| vec!["abcd"; count].join(" ");
    // Up to the width, and up to 40 characters more, a line of short words is shown whole.
    for count in [24, 25, 32] {
        assert_eq!(shortened(&words(count)), words(count));
    }
    // Longer, its first 80 characters, and how many more there were.
    let long = words(40);
    assert_eq!(
        shortened(&long),
        format!("{}... (119 more characters)", &long[..80])
    );
    // A token over 60 characters is shown by its 20 first and 20 last.
    let token = format!("{}{}{}", "h".repeat(20), "m".repeat(90), "t".repeat(20));
    assert_eq!(
        shortened(&format!("a {token} z")),
        format!(
            "a {}...(90 characters)...{} z",
            "h".repeat(20),
            "t".repeat(20)
        )
    );
}

/// A Lucky 7 game of `rounds` rounds, all zeros and Aoki's.
fn game(rounds: usize) -> Input {
    Input::Lucky7 {
        digits: "0".repeat(rounds),
        players: "A".repeat(rounds),
    }
}

/// A time-out that `family`'s input (seed 5) gives at the judge's largest size, taking
/// `largest_time` s, bisected to `(size, time)` in `shrink_steps` steps.
fn family_time_out(
    family: Family,
    largest_time: f64,
    (size, time): (usize, f64),
    shrink_steps: usize,
) -> Found {
    let origin = Origin {
        family: Some(family),
        seed: 5,
    };
    Found {
        case: Case::Family(family),
        first: family.input(200_000, origin.seed),
        first_failure: time_limit(largest_time),
        first_origin: Some(origin),
        input: family.input(size, origin.seed),
        failure: time_limit(time),
        origin: Some(origin),
        bisected: true,
        cut_down: false,
        shrink_steps,
    }
}

#[test]
fn a_family_and_its_growth() {
    let family = Family::TwoBlocks;
    let found = family_time_out(family, 1.52, (30_000, 1.51), 17);
    let fit = Fit {
        exponent: 2.04,
        scale: 1.5e-9,
        baseline: 0.001,
    };
    let growth = Curve {
        resource: Resource::Time,
        origin: Origin {
            family: Some(family),
            seed: 5,
        },
        baseline: 0.001,
        points: vec![(15_000, 0.4), (7_500, 0.1), (3_750, 0.026), (1_875, 0.007)],
        fit: Some(fit),
        exponential: None,
        stopped_check: None,
        smallest_failing: stopped(30_000, 1.51, Stop::Time),
        largest: Some(stopped(200_000, 1.52, Stop::Time)),
    };
    let saved = SavedCase {
        folder: PathBuf::from("/tmp/failing cases"),
        name: "shiritori-42".to_string(),
    };
    let scenario = Scenario {
        saved: Some(saved),
        ..scenario(Builtin::Shiritori)
    };
    let text = report(&scenario, &found, Some(&growth), None, trusted).unwrap();
    let family_line = format!(
        "\n\nThe family \"two blocks\": {} Smallest failing input: 30,000 words, bisected from 200,000 words of it (seed 42) after 17 tries.\n\n",
        family.description()
    );
    assert!(unwrapped(&text).contains(&family_line), "{text}");
    // A time-out names its input's size, not its words.
    assert!(!text.contains("\n30000\n"), "{text}");
    let growth_lines = format!(
        "\n\nTime grows like N^2.0 on this family. \
         Measured: 0.01 s at 1,875, 0.03 s at 3,750, 0.10 s at 7,500, 0.40 s at 15,000 words (0.00 s for the smallest input). \
         The smallest failing size of the family \"two blocks\" is 30,000 words: over 1.51 s (stopped), about {:.2} s by the fit; \
         at 200,000 words: over 1.52 s (stopped), about {:.2} s by the fit.\n\n",
        fit.at(30_000),
        fit.at(200_000)
    );
    assert!(unwrapped(&text).contains(&growth_lines), "{text}");
    // Where the case is saved, quoted as a shell reads it back.
    assert!(
        unwrapped(&text).ends_with("\n\nSaved for oj in '/tmp/failing cases': shiritori-42.in, shiritori-42.out (the right answer), and what the program printed, in printed/. To run it again:   oj t -c ./a.out -d '/tmp/failing cases' --tle 1.5 --mle 256"),
        "{text}"
    );
    assert!(
        section_lengths(&text)
            .iter()
            .all(|&lines| lines <= SECTION_LINES),
        "{text}"
    );
}

#[test]
fn an_exponential_growth_gives_its_factor_and_no_size_beyond_what_was_run() {
    let family = Family::TwoBlocks;
    let found = family_time_out(family, 1.52, (30, 1.51), 5);
    let growth = Curve {
        resource: Resource::Time,
        origin: Origin {
            family: Some(family),
            seed: 5,
        },
        baseline: 0.001,
        points: vec![(28, 0.8), (27, 0.4), (25, 0.1), (21, 0.007)],
        fit: Some(Fit {
            exponent: 16.0,
            scale: 1e-24,
            baseline: 0.001,
        }),
        exponential: Some(2.0),
        stopped_check: None,
        smallest_failing: stopped(30, 1.51, Stop::Time),
        largest: None,
    };
    let text = report(
        &scenario(Builtin::Shiritori),
        &found,
        Some(&growth),
        None,
        trusted,
    )
    .unwrap();
    let growth_lines = "\n\nTime grows faster than any power of N we could measure on this family: about 2.0 times \
         as much for each word more. \
         Measured: 0.01 s at 21, 0.10 s at 25, 0.40 s at 27, 0.80 s at 28 words (0.00 s for the smallest input). \
         The smallest failing size of the family \"two blocks\" is 30 words: over 1.51 s (stopped).";
    assert!(unwrapped(&text).ends_with(growth_lines), "{text}");
}

#[test]
fn a_near_linear_time_out_within_a_quarter_of_the_limit_is_a_close_call() {
    let family = Family::RandomWords;
    let found = family_time_out(family, 1.7, (180_000, 1.55), 4);
    let linear = Curve {
        resource: Resource::Time,
        origin: Origin {
            family: Some(family),
            seed: 5,
        },
        baseline: 0.01,
        points: vec![(100_000, 0.85), (50_000, 0.43), (25_000, 0.22)],
        fit: Some(Fit {
            exponent: 1.0,
            scale: 8.5e-6,
            baseline: 0.01,
        }),
        exponential: None,
        stopped_check: None,
        smallest_failing: stopped(180_000, 1.55, Stop::Time),
        largest: Some(Measured {
            size: 200_000,
            value: 1.7,
            stopped_at: None,
        }),
    };
    let said = |growth: &Curve| {
        let text = report(
            &scenario(Builtin::Shiritori),
            &found,
            Some(growth),
            None,
            trusted,
        );
        unwrapped(&text.unwrap())
    };
    let close = "A close call on this machine: the complexity is right (N^1.0), and the constant decides, about";
    assert!(
        said(&linear).contains(&format!("{close} 1.70 s at 200,000 words.")),
        "{}",
        said(&linear)
    );
    // Stopped at the judge's largest size: the time measured there when it was, else the fit's.
    let stopped_there = Curve {
        points: vec![(200_000, 1.8), (100_000, 0.85), (50_000, 0.43)],
        largest: Some(stopped(200_000, 1.5, Stop::Time)),
        ..linear.clone()
    };
    assert!(said(&stopped_there).contains(&format!("{close} 1.80 s at 200,000 words.")));
    let by_the_fit = Curve {
        largest: Some(stopped(200_000, 1.5, Stop::Time)),
        ..linear.clone()
    };
    assert!(said(&by_the_fit).contains(&format!("{close} 1.71 s at 200,000 words.")));
    // Not when the time grows faster, or is further over the limit.
    let quadratic = Curve {
        fit: Some(Fit {
            exponent: 2.0,
            ..linear.fit.unwrap()
        }),
        ..linear.clone()
    };
    assert!(!said(&quadratic).contains("close call"));
    let far_over = Curve {
        largest: Some(Measured {
            value: 1.9,
            ..linear.largest.unwrap()
        }),
        ..linear.clone()
    };
    assert!(!said(&far_over).contains("close call"));
    // Times scaled for a slower machine say so.
    let slower = Scenario {
        time_factor: 2.0,
        ..scenario(Builtin::Shiritori)
    };
    let text = report(&slower, &found, Some(&linear), None, trusted).unwrap();
    assert!(
        unwrapped(&text).contains(
            "Times are this machine's divided by 2 (--time-factor), as the judge's would be."
        ),
        "{text}"
    );
    assert!(!said(&linear).contains("--time-factor),"));
    // The advice is for the language that the command runs, told by the program or the script.
    for (command, advice) in [
        ("./a.out", "In C++: read with scanf"),
        (
            "/usr/bin/python3 -c 'print(1)'",
            "In Python: read all the input at once",
        ),
        ("./solve.py", "In Python: read all the input at once"),
        (
            "/opt/pypy3.10/bin/pypy3 solve.py",
            "In PyPy: read all the input at once",
        ),
        (
            "java -Xss1g Main",
            "On the JVM: read with a buffered byte reader",
        ),
        (
            "kotlin MainKt",
            "On the JVM: read with a buffered byte reader",
        ),
    ] {
        let run = Scenario {
            command,
            ..scenario(Builtin::Shiritori)
        };
        let text = unwrapped(&report(&run, &found, Some(&linear), None, trusted).unwrap());
        assert!(
            text.contains(&format!("(--time-factor says how much). {advice}")),
            "{command}: {text}"
        );
    }
}

#[test]
fn the_margins_keep_the_slowest_run_and_the_largest_memory_the_first_of_equals() {
    let mut margins = Margins::default();
    let ms = Duration::from_millis;
    margins.note(Case::Sample(1), 3, ms(200), 5 << 20);
    margins.note(Case::Random(0), 10, ms(300), 4 << 20);
    margins.note(Case::Random(1), 20, ms(300), 5 << 20);
    margins.note(Case::Random(2), 30, ms(100), 1 << 20);
    let peak = |value: f64, size, case| Some(Peak { value, size, case });
    assert_eq!(
        margins,
        Margins {
            slowest: peak(0.3, 10, Case::Random(0)),
            largest_memory: peak((5 << 20) as f64, 3, Case::Sample(1)),
        }
    );
}

/// A run stopped at the limit `limit`, at `size`, having taken `value`.
fn stopped(size: usize, value: f64, limit: Stop) -> Measured {
    Measured {
        size,
        value,
        stopped_at: Some(limit),
    }
}

#[test]
fn a_run_stopped_at_the_other_limit_or_not_at_all_says_so() {
    let mib = 1048576.0;
    let fit = Fit {
        exponent: 1.0,
        scale: 8192.0,
        baseline: 0.0,
    };
    let growth = Curve {
        resource: Resource::Memory,
        origin: Origin {
            family: Some(Family::RandomWords),
            seed: 5,
        },
        baseline: 0.0,
        points: vec![(60_000, 470.0 * mib), (30_000, 235.0 * mib)],
        fit: Some(fit),
        exponential: None,
        stopped_check: None,
        smallest_failing: stopped(122_000, 1025.0 * mib, Stop::Memory),
        // Paging slowly, it reached the time limit first at the judge's largest size.
        largest: Some(stopped(200_000, 979.0 * mib, Stop::Time)),
    };
    let found = found(words(3), Failure::MemoryLimit { peak: 1025 << 20 });
    let text = report(
        &scenario(Builtin::Shiritori),
        &found,
        Some(&growth),
        None,
        trusted,
    )
    .unwrap();
    let line = format!(
        "is 122,000 words: over 1025 MiB (stopped), about {} by the fit; at 200,000 words: 979 MiB when stopped at the time limit, about {} by the fit.",
        Resource::Memory.show(fit.at(122_000)),
        Resource::Memory.show(fit.at(200_000))
    );
    assert!(unwrapped(&text).contains(&line), "{text}");
    // A run that ended is shown as it ended, without what the fit expects.
    let ended = Curve {
        largest: Some(Measured {
            stopped_at: None,
            ..growth.largest.unwrap()
        }),
        ..growth
    };
    let text = report(
        &scenario(Builtin::Shiritori),
        &found,
        Some(&ended),
        None,
        trusted,
    )
    .unwrap();
    assert!(
        unwrapped(&text).ends_with("; at 200,000 words: 979 MiB."),
        "{text}"
    );
}

#[test]
fn memory_too_small_to_measure_is_said_so() {
    let growth = Curve {
        resource: Resource::Memory,
        origin: Origin {
            family: Some(Family::RandomWords),
            seed: 5,
        },
        baseline: 0.0,
        points: vec![
            (2_000, 40.0 * 1048576.0),
            (1_000, 20.0 * 1048576.0),
            (500, 8.0 * 1048576.0),
        ],
        fit: None,
        exponential: None,
        stopped_check: None,
        smallest_failing: stopped(4_000, 256.0 * 1048576.0, Stop::Memory),
        largest: Some(stopped(200_000, 256.0 * 1048576.0, Stop::Memory)),
    };
    let found = found(words(3), Failure::MemoryLimit { peak: 257 << 20 });
    let text = report(
        &scenario(Builtin::Shiritori),
        &found,
        Some(&growth),
        None,
        trusted,
    )
    .unwrap();
    assert!(unwrapped(&text).contains(" Measured: under 16 MiB at 500, 20 MiB at 1,000, 40 MiB at 2,000 words (under 16 MiB for the smallest input). "), "{text}");
    assert!(text.contains("could not be measured"), "{text}");
    assert!(
        unwrapped(&text).contains(
            "is 4,000 words: over 256 MiB (stopped); at 200,000 words: over 256 MiB (stopped)."
        ),
        "{text}"
    );
}

#[test]
fn a_long_right_game_is_shown_in_part() {
    let long = |asked: Game| -> Result<String, ()> {
        Ok((0..100).map(|k| format!("{asked:?} line {k}\n")).collect())
    };
    let failure = Failure::WrongAnswer {
        expected: "Takahashi\n".to_string(),
        actual: "Aoki\n".to_string(),
        message: None,
    };
    let text = report(
        &scenario(Builtin::Lucky7),
        &found(game(100), failure),
        None,
        None,
        long,
    )
    .unwrap();
    assert!(text.contains("\n  ... and 61 more lines\n"), "{text}");
    assert!(
        section_lengths(&text)
            .iter()
            .all(|&lines| lines <= SECTION_LINES + 1),
        "{text}"
    );
}

#[test]
fn many_differences_are_shown_in_part_and_three_games_at_most() {
    for count in [SHOWN_DIFFERENCES, SHOWN_DIFFERENCES + 2] {
        let failure = Failure::WrongAnswer {
            expected: "Draw\n".repeat(count),
            actual: "Aoki\n".repeat(count),
            message: None,
        };
        let text = reported(Builtin::Shiritori, &found(words(count), failure));
        let shown = text
            .lines()
            .filter(|line| line.ends_with(": expected Draw, got Aoki"));
        // At most SHOWN_DIFFERENCES lines, the last saying how many more there are.
        let more_shown = usize::from(count > SHOWN_DIFFERENCES);
        assert_eq!(shown.count(), SHOWN_DIFFERENCES - more_shown, "{text}");
        let more = format!("  ... and {} more\n", count - SHOWN_DIFFERENCES + 1);
        assert_eq!(text.contains(&more), count > SHOWN_DIFFERENCES, "{text}");
        assert!(!text.contains("... and 0"), "{text}");
        assert_eq!(text.matches("The right game").count(), EXPLAINED_WORDS);
    }
}

#[test]
fn a_lucky7_wrong_answer_shows_the_whole_game() {
    let game = Input::Lucky7 {
        digits: "35".to_string(),
        players: "AT".to_string(),
    };
    let failure = Failure::WrongAnswer {
        expected: "Takahashi\n".to_string(),
        actual: "Aoki\n".to_string(),
        message: None,
    };
    let text = reported(Builtin::Lucky7, &found(game, failure));
    assert!(
        text.contains("(2 rounds), shrunk from case 7 of 300 (2 rounds, seed 42)"),
        "{text}"
    );
    assert!(text.contains("\n2\n35\nAT\n"), "{text}");
    assert!(
        text.contains("\n  expected Takahashi, got Aoki\n"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "The right game (atcoder-games explain lucky7):\n  asked Game(None)\n  second line\n"
        ),
        "{text}"
    );
}

/// The report of a crash on a round of 8 that printed `stderr`, saved in `/tmp/cases`.
fn crashed_with(stderr: String) -> String {
    let failure = Failure::Crash {
        status: "exit status: 1".to_string(),
        stderr,
        too_deep: None,
    };
    let input = Input::Lucky7 {
        digits: "8".into(),
        players: "A".into(),
    };
    let saved = SavedCase {
        folder: PathBuf::from("/tmp/cases"),
        name: "lucky7-42".to_string(),
    };
    let scenario = Scenario {
        saved: Some(saved),
        ..scenario(Builtin::Lucky7)
    };
    report(&scenario, &found(input, failure), None, None, trusted).unwrap()
}

/// The lines a report shows of stderr, without their indent.
fn stderr_shown(text: &str) -> Vec<&str> {
    let shown = text
        .lines()
        .skip_while(|line| !line.starts_with("What it printed"))
        .skip(1)
        .take_while(|line| !line.is_empty());
    shown
        .map(|line| line.strip_prefix("  ").unwrap_or(line))
        .collect()
}

#[test]
fn a_crash_shows_the_last_lines_of_its_stderr() {
    for length in [SHOWN_STDERR, SHOWN_STDERR + 1] {
        let lines: Vec<String> = (1..=length).map(|k| format!("line {k}")).collect();
        let text = crashed_with(format!("\n\n{}\n\n", lines.join("\n")));
        assert!(
            text.starts_with(
                "check: ./a.out gives a runtime error (RE, exit status: 1) on lucky7.\n"
            ),
            "{text}"
        );
        // The blank lines around it left out; a long one's end, and where all of it is.
        let last = &lines[length - SHOWN_STDERR..];
        assert_eq!(stderr_shown(&text), last, "{text}");
        let heading = match length > SHOWN_STDERR {
            true => "\nWhat it printed on stderr (30 of its 31 lines; all of them in /tmp/cases/printed/lucky7-42.stderr):\n".to_string(),
            false => "\nWhat it printed on stderr:\n".to_string(),
        };
        assert!(text.contains(&heading), "{text}");
    }
}

#[test]
fn a_sanitizer_report_is_shown_to_its_summary_without_its_legend() {
    let mut lines =
        vec!["=================================================================".to_string()];
    lines.push("==77==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6020".to_string());
    lines.push("READ of size 4 at 0x6020 thread T0".to_string());
    lines.extend((0..40).map(|k| format!("    #{k} 0x55 in frame{k} a.cpp:{k}")));
    lines.push("SUMMARY: AddressSanitizer: heap-buffer-overflow a.cpp:11 in main".to_string());
    lines.extend((0..30).map(|k| format!("  Shadow legend {k}")));
    lines.push("==77==ABORTING".to_string());
    let text = crashed_with(lines.join("\n"));
    let shown = stderr_shown(&text);
    // From the error, its frames nearest it, to its summary.
    assert_eq!(shown.len(), SHOWN_STDERR, "{text}");
    assert!(
        shown[0].starts_with("==77==ERROR: AddressSanitizer"),
        "{text}"
    );
    assert_eq!(shown[2], "    #0 0x55 in frame0 a.cpp:0", "{text}");
    assert_eq!(shown[SHOWN_STDERR - 2], "...", "{text}");
    assert!(
        shown[SHOWN_STDERR - 1].starts_with("SUMMARY: AddressSanitizer"),
        "{text}"
    );
    assert!(!text.contains("Shadow legend"), "{text}");
    // A short one whole.
    let short = [&lines[..5], &lines[43..44]].concat().join("\n");
    let text = crashed_with(short);
    let shown = stderr_shown(&text);
    assert_eq!(shown.len(), 5, "{shown:?}");
    assert!(shown[4].starts_with("SUMMARY: "), "{shown:?}");
    // A summary before the error is some other program's: the last lines are shown.
    let unfinished = [
        "SUMMARY: 3 of 3 tests passed",
        "==78==ERROR: LeakSanitizer",
        "tail",
    ];
    let text = crashed_with(unfinished.join("\n"));
    assert_eq!(stderr_shown(&text), unfinished, "{text}");
}

#[test]
fn differences_name_the_words_and_the_missing_lines() {
    let input = Input::Shiritori(["abc", "bcd", "cde"].into_iter().collect());
    let shiritori = Builtin::Shiritori;
    let found = differences(shiritori, &input, "Draw\nAoki\nTakahashi\n", "Draw\nDraw\n");
    assert_eq!(
        found,
        [
            "word 2 \"bcd\": expected Aoki, got Draw",
            "word 3 \"cde\": expected Takahashi, got nothing",
        ]
    );
    let extra = differences(shiritori, &input, "Draw\n", "Draw\nAoki\nAoki\nDraw\n");
    assert_eq!(extra[2], "line 4: expected nothing, got Draw");
    // The right games are of the words whose answers differ, at most three of them.
    let lines = [1, 2, 3];
    assert_eq!(explained(shiritori, &input, &lines, 3), [Some(2), Some(3)]);
    assert_eq!(explained(shiritori, &input, &lines, 1), [Some(2)]);
    let game = Input::Lucky7 {
        digits: "35".to_string(),
        players: "AT".to_string(),
    };
    let found = differences(Builtin::Lucky7, &game, "Takahashi\n", "Aoki\n");
    assert_eq!(found, ["expected Takahashi, got Aoki"]);
    assert_eq!(explained(Builtin::Lucky7, &game, &[0], 3), [None]);
}

#[test]
fn an_input_is_shown_in_full_when_it_fits_its_section() {
    // A random case's input shares its section with one line, a family's with two.
    for (lines, fits) in [(SECTION_LINES - 1, true), (SECTION_LINES, false)] {
        let random = found(words(lines - 1), crash());
        let text = reported(Builtin::Shiritori, &random);
        assert_eq!(!text.contains("more lines"), fits, "{text}");
    }
    let family = Family::OneWord;
    let origin = Origin {
        family: Some(family),
        seed: 1,
    };
    for (lines, fits) in [(SECTION_LINES - 2, true), (SECTION_LINES - 1, false)] {
        let from_family = Found {
            case: Case::Family(family),
            origin: Some(origin),
            ..found(family.input(lines - 1, origin.seed), crash())
        };
        let text = reported(Builtin::Shiritori, &from_family);
        assert_eq!(!text.contains("more lines"), fits, "{text}");
    }
}

#[test]
fn a_failing_official_sample_is_named_and_shown() {
    let failure = Failure::WrongAnswer {
        expected: "Takahashi\n".to_string(),
        actual: "Aoki\n".to_string(),
        message: None,
    };
    let sample = Builtin::Lucky7.samples()[1].clone();
    let found = Found {
        case: Case::Sample(2),
        shrink_steps: 0,
        ..found(sample.clone(), failure)
    };
    let text = reported(Builtin::Lucky7, &found);
    assert!(
        text.starts_with("check: ./a.out gives a wrong answer (WA) on lucky7: it fails official sample 2.\nFound in 3.0 s, 2 runs at a time.\n\nOfficial sample 2 (5 rounds):\n"),
        "{text}"
    );
    assert!(text.contains(&sample.text()), "{text}");
}

#[test]
fn numbers_keep_their_units_and_a_time_beside_its_limit_its_decimals() {
    // Decimals only where the usual two would show a different time as the limit.
    assert_eq!(seconds_beside(1.504, 1.5), "1.504 s");
    assert_eq!(seconds_beside(1.2, 1.5), "1.20 s");
    assert_eq!(seconds_beside(1.5, 1.5), "1.50 s");
    // From 100 s on, a time is whole seconds however close.
    assert_eq!(seconds_beside(150.2, 150.0), "150 s");
    // A time just over the limit shows the decimals that tell them apart.
    let just_over = Failure::TimeLimit {
        time: Duration::from_millis(1504),
        stopped: false,
        blocked: false,
    };
    let text = reported(Builtin::Lucky7, &found(game(3), just_over));
    assert!(
        unwrapped(&text).contains("1.504 s, more than the 1.50 s limit"),
        "{text}"
    );
    // However the prose wraps, a number and its unit share a line.
    let slow = Failure::TimeLimit {
        time: Duration::from_millis(1660),
        stopped: true,
        blocked: false,
    };
    for length in 1..80 {
        let command = "x".repeat(length);
        let scenario = Scenario {
            command: &command,
            ..scenario(Builtin::Lucky7)
        };
        let text = report(
            &scenario,
            &found(game(3), slow.clone()),
            None,
            None,
            trusted,
        )
        .unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for pair in lines.windows(2) {
            let split = pair[0].ends_with(|c: char| c.is_ascii_digit())
                && (pair[1].starts_with("s ") || pair[1].starts_with("s,"));
            assert!(!split, "{text}");
        }
    }
}

#[test]
fn a_recursion_stopped_by_pythons_limit_is_explained_and_given_by_its_size() {
    let failure = Failure::Crash {
        status: "exit status: 1".to_string(),
        stderr: "RecursionError: maximum recursion depth exceeded\n".to_string(),
        too_deep: Some(TooDeep::RecursionLimit),
    };
    let text = unwrapped(&reported(Builtin::Lucky7, &found(game(998), failure)));
    assert!(text.contains("\n\nSmallest failing input: 998 rounds, shrunk from case 7 of 300 (998 rounds, seed 42) after 9 tries.\n\nPython's recursion limit stopped it: 1,000 frames, as on the judge, unless the program raises it with sys.setrecursionlimit.\n\nWhat it printed on stderr:"), "{text}");
}

/// A diagnosis naming `ids` of Shiritori's mistakes, from 20 cases, `plainest` the smallest failing.
fn diagnosis_of(ids: &[&str], plainest: Input) -> Diagnosis {
    let catalogue = atcoder_games_tool::mistake::of(Builtin::Shiritori);
    let mistakes = ids
        .iter()
        .map(|id| catalogue.iter().find(|mistake| mistake.id == *id).unwrap())
        .collect();
    Diagnosis {
        mistakes,
        failing: 9,
        right: 11,
        plainest,
    }
}

#[test]
fn a_diagnosis_names_the_mistakes_or_says_none_matches() {
    let failure = Failure::WrongAnswer {
        expected: "Draw\n".to_string(),
        actual: "Aoki\n".to_string(),
        message: None,
    };
    let found = found(words(1), failure);
    let told = |diagnosis: &Result<Diagnosis, Undiagnosed>| {
        let text = report(
            &scenario(Builtin::Shiritori),
            &found,
            None,
            Some(diagnosis),
            trusted,
        );
        unwrapped(&text.unwrap())
    };
    let report = |diagnosis: &Diagnosis| told(&Ok(diagnosis.clone()));
    // One, with the input where it shows, which is the one above.
    let text = report(&diagnosis_of(&["draws-as-aoki"], words(1)));
    assert!(text.contains("\n\nLikely mistake: draws-as-aoki — The analysis is right, but a draw is printed as a win for Aoki. (atcoder-games editorial shiritori deciding-vertices-backwards) Its answers are the program's on all 20 cases compared (9 failing, 11 right); it shows most plainly on the input above.\n\n"), "{text}");
    // Two, the simplest first, and an input of its own.
    let text = report(&diagnosis_of(
        &["draws-as-takahashi", "self-loops-ignored"],
        words(2),
    ));
    assert!(
        text.contains("\n\nLikely mistakes: draws-as-takahashi — "),
        "{text}"
    );
    assert!(text.contains(" Or: self-loops-ignored — "), "{text}");
    assert!(
        text.contains("; it shows most plainly on 2 words:   2   aaa   aab\n\n"),
        "{text}"
    );
    // A long one, in part.
    let long = words(SECTION_LINES);
    let text = report(&diagnosis_of(&["draws-as-aoki"], long.clone()));
    let shown = text
        .split(&format!(
            "it shows most plainly on {}:",
            long.describe_size()
        ))
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"));
    let shown = shown.split("\n\n").next().unwrap();
    assert_eq!(
        shown.split("   ").filter(|line| !line.is_empty()).count(),
        SECTION_LINES / 2,
        "{text}"
    );
    assert!(shown.ends_with(" and 22 more lines"), "{text}");
    // None.
    let text = report(&diagnosis_of(&[], words(1)));
    assert!(text.contains("\n\nThe failure matches no known mistake: none of those of the editorial's common mistakes answers as the program does on the 20 cases compared (9 failing, 11 right).\n\n"), "{text}");
    // Nothing to compare, or too little: one line that says which.
    let text = told(&Err(Undiagnosed::Unrunnable));
    assert!(text.contains("\n\nNo mistake could be named: it crashed or ran out of time or memory on a small input, which none of the editorial's common mistakes does.\n\n"), "{text}");
    let text = told(&Err(Undiagnosed::TooFew {
        failing: 70,
        right: 0,
    }));
    assert!(text.contains("\n\nNo mistake could be named: of the 70 small cases compared, none was right, and a mistake is told by where the program is right as much as by where it fails.\n\n"), "{text}");
    let text = told(&Err(Undiagnosed::TooFew {
        failing: 1,
        right: 69,
    }));
    assert!(text.contains("only 1 was failing"), "{text}");
    // Enough failing cases, too few right ones: the right ones are said.
    let text = told(&Err(Undiagnosed::TooFew {
        failing: 8,
        right: 3,
    }));
    assert!(
        text.contains("of the 11 small cases compared, only 3 were right"),
        "{text}"
    );
    // A problem of one's own has no catalogue, and says nothing of one.
    let text = told(&Err(Undiagnosed::NoCatalogue));
    assert!(!text.contains("mistake"), "{text}");
}

#[test]
fn a_pass_says_what_ran_and_its_margins_and_warns_near_the_time_limit() {
    let peak = |value: f64, size, case| Some(Peak { value, size, case });
    let margins = Margins {
        slowest: peak(0.3, 200_000, Case::Family(Family::RandomWords)),
        largest_memory: peak((64 << 20) as f64, 1_234, Case::Random(6)),
    };
    let took = Duration::from_millis(12_345);
    assert_eq!(
        passed(&scenario(Builtin::Shiritori), 1_000, &margins, took),
        "check: ./a.out passed the 3 official samples, all 300 cases of shiritori, up to 1,000 words, and 10 worst-case families
of 200,000 words (seed 42), in 12.3 s, 2 runs at a time.
Slowest run: 0.30 s at the family \"random words\" (200,000 words), 20 % of the 1.50 s limit. Largest memory: 64 MiB at
case 7 (1,234 words), 25 % of the 256 MiB limit.
"
    );
    // Over four fifths of the time limit: a warning; times scaled: said so.
    let slow = Margins {
        slowest: peak(1.35, 3, Case::Sample(2)),
        ..margins.clone()
    };
    let slower = Scenario {
        time_factor: 2.0,
        ..scenario(Builtin::Lucky7)
    };
    assert_eq!(
        passed(&slower, 1_000, &slow, took),
        "check: ./a.out passed the 4 official samples, all 300 cases of lucky7, up to 1,000 rounds, and 6 worst-case families of
200,000 rounds (seed 42), in 12.3 s, 2 runs at a time.
Slowest run: 1.35 s at official sample 2 (3 rounds), 90 % of the 1.50 s limit. Largest memory: 64 MiB at case 7
(1,234 rounds), 25 % of the 256 MiB limit.
Warning: its slowest run took 90 % of the time limit, where a slower judge machine or a heavier test may take it over.
Times are this machine's divided by 2 (--time-factor), as the judge's would be.
"
    );
    // Lines are filled up to the width, never over it, whatever the command's length (one too
    // long for a line would stand on its own).
    let mut full = false;
    for padding in 0..100 {
        let command = format!("./{}", "a".repeat(padding));
        let run = Scenario {
            command: &command,
            ..scenario(Builtin::Shiritori)
        };
        let text = passed(&run, 1_000, &margins, took);
        for line in text.lines() {
            let width = line.chars().count();
            assert!(width <= LINE_WIDTH, "{width}: {line}");
            full |= width == LINE_WIDTH;
        }
    }
    assert!(full);
    // Four fifths exactly is not over them.
    let one_second = Scenario {
        limits: Limits {
            time: Duration::from_secs(1),
            ..scenario(Builtin::Lucky7).limits
        },
        ..scenario(Builtin::Lucky7)
    };
    let at_four_fifths = Margins {
        slowest: peak(0.8, 3, Case::Sample(2)),
        ..slow
    };
    let text = passed(&one_second, 1_000, &at_four_fifths, took);
    assert!(text.contains(", 80 % of the 1.00 s limit."), "{text}");
    assert!(!text.contains("Warning"), "{text}");
}

#[test]
fn an_answer_wrong_only_in_letter_case_or_whitespace_is_named_so() {
    let wrong = |actual: &str| Failure::WrongAnswer {
        expected: "Takahashi\n".to_string(),
        actual: actual.to_string(),
        message: None,
    };
    let text = unwrapped(&reported(
        Builtin::Lucky7,
        &found(game(2), wrong("takahashi\n")),
    ));
    assert!(
        text.contains(
            "\n\nThe answers differ only in letter case: the judge compares them exactly"
        ),
        "{text}"
    );
    let text = unwrapped(&reported(
        Builtin::Lucky7,
        &found(game(2), wrong(" Takahashi\n")),
    ));
    assert!(
        text.contains("\n\nThe answers differ only in whitespace: "),
        "{text}"
    );
    let text = unwrapped(&reported(Builtin::Lucky7, &found(game(2), wrong("Aoki\n"))));
    assert!(!text.contains("differ only"), "{text}");
}

#[test]
fn the_oj_line_judges_as_the_check_did() {
    let saved = SavedCase {
        folder: PathBuf::from("/tmp/case"),
        name: "lucky7-42".to_string(),
    };
    // Times here are twice the judge's: oj, which measures here, gets twice the limit.
    let slower = Scenario {
        saved: Some(saved.clone()),
        time_factor: 2.0,
        ..scenario(Builtin::Lucky7)
    };
    let text = report(
        &slower,
        &found(game(3), time_limit(4.0)),
        None,
        None,
        trusted,
    )
    .unwrap();
    assert!(
        text.ends_with("  oj t -c ./a.out -d /tmp/case --tle 3 --mle 256\n"),
        "{text}"
    );
    // A stack overflow runs with the check's stack, in KiB, in a subshell.
    let overflowed = Failure::Crash {
        status: "signal: 11 (SIGSEGV)".into(),
        stderr: String::new(),
        too_deep: Some(TooDeep::Stack),
    };
    let small_stack = Scenario {
        saved: Some(saved),
        limits: Limits {
            stack: 8 << 20,
            ..scenario(Builtin::Lucky7).limits
        },
        ..scenario(Builtin::Lucky7)
    };
    let text = report(
        &small_stack,
        &found(game(3), overflowed),
        None,
        None,
        trusted,
    )
    .unwrap();
    assert!(
        text.ends_with("  (ulimit -s 8192 && oj t -c ./a.out -d /tmp/case --tle 1.5 --mle 256)\n"),
        "{text}"
    );
}

#[test]
fn an_input_is_shown_when_it_fits_in_the_reports_lines() {
    let slow = time_limit(3.0);
    // 120 rounds make lines of 120 characters, as wide as the report: shown. 121 are not.
    let text = reported(Builtin::Lucky7, &found(game(120), slow.clone()));
    assert!(text.contains(&format!("\n{}\n", "0".repeat(120))), "{text}");
    let text = reported(Builtin::Lucky7, &found(game(121), slow.clone()));
    assert!(!text.contains("00000000"), "{text}");
    // Twenty lines are shown, twenty-one are not: Shiritori's words, a line each.
    let text = reported(Builtin::Shiritori, &found(words(19), slow.clone()));
    assert!(text.contains("\naaa\n"), "{text}");
    let text = reported(Builtin::Shiritori, &found(words(20), slow));
    assert!(!text.contains("\naaa\n"), "{text}");
}

#[test]
fn a_start_up_that_dominates_is_named_with_what_it_is_made_of() {
    let start_up = StartUp {
        least: Duration::from_millis(62),
        total: Duration::from_secs(22),
        runs: 313,
        made_of: Some("Of python3's 63 ms start here, ...".into()),
    };
    let pass = Pass {
        largest: 100,
        margins: Margins::default(),
        elapsed: Duration::from_secs(12),
        start_up: Some(start_up.clone()),
        forked: 0,
    };
    let text = atcoder_games_tool::report::passed(&scenario(Builtin::Lucky7).setup(), &pass);
    assert!(
        unwrapped(&text).ends_with(" Start-up: every run took at least 62 ms, 88 % of the 313 runs' 22.0 s: the program starting, not solving. Of python3's 63 ms start here, ..."),
        "{text}"
    );
    assert!(text.contains("\nStart-up: "), "{text}");
    let none_known = StartUp {
        made_of: None,
        ..start_up
    };
    let pass = Pass {
        start_up: Some(none_known),
        ..pass
    };
    let text = atcoder_games_tool::report::passed(&scenario(Builtin::Lucky7).setup(), &pass);
    assert!(text.contains("not solving.\n"), "{text}");
}

#[test]
fn the_runs_a_forkserver_forked_are_counted_beside_the_jobs() {
    let pass = |forked| Pass {
        largest: 100,
        margins: Margins::default(),
        elapsed: Duration::from_secs(4),
        start_up: None,
        forked,
    };
    let text = |forked| {
        let setup = scenario(Builtin::Lucky7).setup();
        unwrapped(&atcoder_games_tool::report::passed(&setup, &pass(forked)))
    };
    assert!(
        text(0).ends_with(" in 4.0 s, 2 runs at a time."),
        "{}",
        text(0)
    );
    assert!(
        text(192).ends_with(" in 4.0 s, 2 runs at a time, 192 runs forked from one started interpreter rather than started anew."),
        "{}",
        text(192)
    );
    assert!(text(1).contains(", 1 run forked from one"), "{}", text(1));
}
