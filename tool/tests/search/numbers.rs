//! Cutting down brings numbers near 0: all together by the same amount, then each from below, on
//! a made-up problem whose input is one line of numbers and nothing else; and its budget of time
//! counts the helpers' runs.

use super::*;
use atcoder_games_tool::input::Text;
use atcoder_games_tool::problem::{Problem, Sample, Units};
use atcoder_games_tool::search::{SpentClock, WorkClock};
use atcoder_games_tool::text;
use std::sync::Mutex;

/// A problem whose inputs are a line of numbers: nothing to cut out, only numbers to lower; its
/// helpers' time so far set by the test.
#[derive(Default)]
struct Numbers {
    helpers_time: Mutex<Duration>,
}

impl Problem for Numbers {
    fn name(&self) -> &str {
        "numbers"
    }
    fn units(&self) -> Units {
        Units::SIZE
    }
    fn samples(&self) -> &[Sample] {
        &[]
    }
    fn small_size(&self) -> usize {
        1
    }
    fn largest_size(&self) -> usize {
        1
    }
    fn families(&self) -> &[Family] {
        &[]
    }
    fn draw(&self, _: usize, _: usize, _: usize, _: &mut TestRunner) -> problem::Drawn {
        unreachable!("cutting down draws nothing")
    }
    fn make(&self, _: Origin, _: usize) -> Result<Input, Error> {
        unreachable!("cutting down makes nothing")
    }
    fn expected(&self, _: &Input) -> Result<Expected, Error> {
        Ok(Expected::Unknown)
    }
    fn longest_answer(&self, _: &Input, _: &Expected) -> usize {
        0
    }
    fn levels(&self) -> usize {
        0
    }
    fn parts(&self, _: &Input, _: usize) -> usize {
        0
    }
    fn without(&self, _: &Input, _: usize, _: usize, _: usize) -> Option<Input> {
        None
    }
    fn numbers(&self, input: &Input) -> Vec<i128> {
        text::numbers(&input.text())
    }
    fn with_numbers(&self, input: &Input, values: &[i128]) -> Option<Input> {
        Some(line(&text::with_numbers(&input.text(), values)?))
    }
    fn answered_by(&self, _: &Input) -> String {
        "nobody".to_string()
    }
    fn helpers_time(&self) -> Duration {
        *self.helpers_time.lock().unwrap()
    }
}

/// The input of `numbers`.
fn line(numbers: &str) -> Input {
    Input::Text(Text {
        text: numbers.to_string(),
        size: None,
    })
}

/// `input`'s numbers, cut down as long as `fails` holds, and how many tries that took.
fn cut(input: &str, mut fails: impl FnMut(&[i128]) -> bool) -> (Vec<i128>, usize) {
    let mut tries = 0;
    let counted = |input: &Input| {
        tries += 1;
        Ok::<_, Error>(fails(&text::numbers(&input.text())))
    };
    let clock = FakeClock::new();
    let budget = Budget {
        tries: 1000,
        time: Duration::from_secs(60),
    };
    let cut = cut_down(&Numbers::default(), line(input), budget, &clock, counted).unwrap();
    (text::numbers(&cut.text()), tries)
}

#[test]
fn a_number_is_brought_to_the_smallest_that_fails_from_below_where_failing_is_no_threshold() {
    // A product that wraps around 2^63, as a wrong solution's does: it fails again and again as
    // the number grows. From below, the first to fail is the smallest; bisection from above
    // stops at whichever wrap it meets.
    let wraps = |numbers: &[i128]| {
        let product = numbers
            .iter()
            .map(|&n| n as i64)
            .fold(1i64, i64::wrapping_mul);
        product <= 0 && numbers.iter().all(|&n| n > 0)
    };
    let (numbers, tries) = cut("68602086 999999999999999759\n", wraps);
    assert_eq!(numbers, [10, 922_337_203_685_477_581]);
    assert!(tries <= 260, "{tries} tries");
}

#[test]
fn numbers_that_fail_by_how_they_compare_are_brought_down_together() {
    // Fails while the numbers are distinct and in the same order: each alone is as small as it
    // fails, but together they go down to 3 1 2 in a few tries.
    let order = |numbers: &[i128]| {
        numbers.iter().all(|&n| n > 0) && numbers[1] < numbers[2] && numbers[2] < numbers[0]
    };
    let (numbers, tries) = cut("4779 4777 4778\n", order);
    assert_eq!(numbers, [3, 1, 2]);
    assert!(tries <= 32, "{tries} tries");
    // Where shifting them together does not fail, one try says so (0 is no try here: this
    // problem has no simpler inputs).
    let (numbers, tries) = cut("9 4\n", |numbers: &[i128]| numbers[0] == 9);
    assert_eq!(numbers, [9, 1]);
    assert!(tries <= 12, "{tries} tries");
}

#[test]
fn the_helpers_time_counts_toward_the_budget_of_cutting_down() {
    // Each try takes the program 1 s and the helpers 5 s: a minute allows ten, not sixty.
    let problem = Numbers::default();
    let program = WorkClock::new();
    let clock = SpentClock {
        program: &program,
        problem: &problem,
    };
    let mut tries = 0;
    let slow = |_: &Input| {
        tries += 1;
        program.spend(Duration::from_secs(1));
        *problem.helpers_time.lock().unwrap() += Duration::from_secs(5);
        Ok::<_, Error>(false)
    };
    let budget = Budget {
        tries: 1000,
        time: Duration::from_secs(60),
    };
    let input = line("123456789 987654321 555555555\n");
    let cut = cut_down(&problem, input.clone(), budget, &clock, slow).unwrap();
    assert_eq!((cut, tries), (input, 10));
}
