//! The growth: the sizes measured, what counts as measured rather than noise, the exponent of
//! made-up measurements, and the whole of what `check` does with a program too slow or too large,
//! its search, bisection and growth, on made-up programs whose cost is a function of N.

use atcoder_games_tool::error::Error;
use atcoder_games_tool::family::{Family, Origin};
use atcoder_games_tool::growth::{
    Curve, Failing, Fit, Resource, STEEP_SPAN, exponential, fit, follow, measurable, reaching,
    sizes_below, span, steps_below,
};
use atcoder_games_tool::input::JUDGE_MAX;
use atcoder_games_tool::input::{Builtin, Input};
use atcoder_games_tool::judge::{Failure, Limits, Precision, Verdict, judge, settle};
use atcoder_games_tool::process::{Run, Stop};
use atcoder_games_tool::search::{Case, Conclusion, Found, Plan, SystemClock, search};
use std::cell::Cell;
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::time::Duration;

#[test]
fn sizes_are_halves_of_the_smallest_failing_down_to_one() {
    assert_eq!(sizes_below(1000, 12), [500, 250, 125, 62, 31, 15, 7, 3, 1]);
    assert_eq!(sizes_below(1000, 3), [500, 250, 125]);
    assert_eq!(sizes_below(2, 12), [1]);
    assert_eq!(sizes_below(1, 12), Vec::<usize>::new());
}

#[test]
fn a_value_is_measured_when_it_grows_enough_over_the_smallest_inputs() {
    // 10 ms of CPU time, or as much as the smallest input's, whichever is more.
    assert!(measurable(Resource::Time, 0.011, 0.0));
    assert!(!measurable(Resource::Time, 0.009, 0.0));
    assert!(measurable(Resource::Time, 0.2, 0.1));
    assert!(!measurable(Resource::Time, 0.19, 0.1));
    // 16 MiB of memory.
    let mib = 1024.0 * 1024.0;
    assert!(measurable(Resource::Memory, 18.0 * mib, 2.0 * mib));
    assert!(!measurable(Resource::Memory, 17.0 * mib, 2.0 * mib));
}

#[test]
fn the_fit_finds_the_exponent_over_the_measured_points() {
    for exponent in [1.0, 1.5, 2.0, 3.0] {
        // A second at 100,000, 50 ms for the smallest input.
        let baseline = 0.05;
        let value = |size: usize| baseline + (size as f64 / 100_000.0).powf(exponent);
        let mut points: Vec<(usize, f64)> = sizes_below(200_000, 12)
            .into_iter()
            .map(|size| (size, value(size)))
            .collect();
        let found = fit(Resource::Time, &points, baseline).expect("enough points");
        assert!((found.exponent - exponent).abs() < 1e-9, "{found:?}");
        assert!((found.at(200_000) - value(200_000)).abs() < 1e-9 * value(200_000));
        // A point too close to the smallest input's, however wrong, is left out.
        points.push((10, 0.09));
        let with_noise = fit(Resource::Time, &points, baseline).unwrap();
        assert!(
            (with_noise.exponent - exponent).abs() < 1e-9,
            "{with_noise:?}"
        );
    }
    assert_eq!(fit(Resource::Time, &[(1000, 1.0)], 0.0), None);
    // Two points within a twentieth of the largest growth are fitted, even where a larger size
    // (a measurement cut short) is measurable but not within it.
    let cut_short = [(400, 0.02), (200, 1.0), (100, 0.5)];
    let found = fit(Resource::Time, &cut_short, 0.0).unwrap().exponent;
    assert!((found - 1.0).abs() < 1e-9, "{found}");
    // A step in the growth (a cache filling up) leaves one point within a twentieth of the
    // largest: the two largest sizes are fitted.
    let stepped = [(40_000, 1.95), (10_000, 0.09), (5_000, 0.03)];
    let found = fit(Resource::Time, &stepped, 0.0).unwrap().exponent;
    assert!(
        (found - (1.95f64 / 0.09).ln() / 4f64.ln()).abs() < 1e-9,
        "{found}"
    );
    // At small sizes, where a lower term or noise still shows, the points are left out.
    let quadratic = [(16_000, 0.4), (8_000, 0.1), (4_000, 0.025)];
    let small = [(2_000, 0.014), (1_000, 0.011)];
    let points = [&quadratic[..], &small[..]].concat();
    let found = fit(Resource::Time, &points, 0.0).unwrap().exponent;
    assert!((found - 2.0).abs() < 1e-9, "{found}");
    let found = fit(Resource::Time, &[(4_000, 0.025), small[0]], 0.0).unwrap();
    assert!(
        found.exponent < 1.0,
        "{found:?}: the smaller points count at the same scale"
    );
    // Noise on one point moves the exponent a little, not a lot.
    let noisy = [(25_000, 2.2), (12_500, 0.5), (6_250, 0.13), (3_125, 0.03)];
    let found = fit(Resource::Time, &noisy, 0.002).unwrap().exponent;
    assert!((found - 2.0).abs() < 0.15, "{found}");
}

#[test]
fn values_are_shown_as_people_read_them() {
    assert_eq!(Resource::Time.show(1.5), "1.50 s");
    assert_eq!(Resource::Time.show(99.994), "99.99 s");
    assert_eq!(Resource::Time.show(3714.63), "3,715 s");
    assert_eq!(Resource::Memory.show(256.0 * 1024.0 * 1024.0), "256 MiB");
    let mib = 1024.0 * 1024.0;
    assert_eq!(Resource::Memory.show_measured(40.0 * mib, 0.0), "40 MiB");
    assert_eq!(
        Resource::Memory.show_measured(8.0 * mib, 0.0),
        "under 16 MiB"
    );
    assert_eq!(Resource::Time.show_measured(0.004, 0.0), "0.00 s");
}

/// How a program that is right, and takes `seconds(N)` of time and `bytes(N)` of memory at N
/// words or rounds, runs under some limits: stopped at the judge's cut-off of time, or once over
/// the memory limit, as the process runner stops it.
fn modelled(
    seconds: impl Fn(usize) -> f64,
    bytes: impl Fn(usize) -> u64,
) -> impl Fn(&Input, &Limits) -> Result<Run, Error> {
    move |input: &Input, limits: &Limits| {
        let size = input.size();
        let (mut time, mut peak) = (Duration::from_secs_f64(seconds(size)), bytes(size));
        let stopped = if peak > limits.memory {
            peak = limits.memory + 1;
            Some(Stop::Memory)
        } else if time > limits.cut_off() {
            time = limits.cut_off();
            Some(Stop::Time)
        } else {
            None
        };
        Ok(Run {
            status: ExitStatus::from_raw(if stopped.is_some() { 9 } else { 0 }),
            stopped,
            stdout: Vec::new(),
            stderr: Vec::new(),
            wall: time,
            cpu: time,
            peak_memory: peak,
            max_rss: peak,
            peak_stack: 0,
            stack_overflow: false,
            forked: None,
            dialogue: None,
        })
    }
}

/// What `check` finds of the modelled program under `limits`: the failure its search finds on
/// the worst-case families (the first, random words, for a program whose cost depends on N
/// alone), bisected to its smallest size, and how the failure grows there.
fn followed(
    limits: Limits,
    run: impl Fn(&Input, &Limits) -> Result<Run, Error>,
) -> (Box<Found>, Curve) {
    let test = |input: &Input| {
        let settled = settle(&limits, Precision::Verdict, || run(input, &limits))?;
        Ok::<_, Error>(judge("", &settled.run, &limits))
    };
    let plan = Plan::new(1, 7);
    let Conclusion::Found(found) =
        search(&Builtin::Shiritori, plan, &SystemClock, test, |_| {}).unwrap()
    else {
        panic!("the family of random words fails at the judge's largest size");
    };
    assert_eq!(found.case, Case::Family(Family::RandomWords));
    let failing = Failing {
        origin: found.origin.expect("a family's input"),
        smallest_size: found.input.size(),
        smallest: &found.failure,
        largest_size: JUDGE_MAX,
        at_largest: Some(&found.first_failure),
        smallest_measured: found.input.size(),
        largest_measured: JUDGE_MAX,
    };
    let curve = follow(&failing, &limits, made(failing.origin), run, Input::size)
        .unwrap()
        .expect("a growth");
    (found, curve)
}

/// The inputs of `origin`, a family's, by their size.
fn made(origin: Origin) -> impl Fn(usize) -> Result<Input, Error> {
    let family = origin.family.expect("a family's origin");
    move |size| Ok(family.input(size, origin.seed))
}

/// The judge's limits with a time limit of `seconds`.
fn limits(seconds: f64) -> Limits {
    Limits {
        time: Duration::from_secs_f64(seconds),
        ..Limits::ATCODER
    }
}

/// Whether a size bisected for a time or memory limit is within a fiftieth over `smallest`, the
/// smallest that fails.
fn near(size: usize, smallest: usize) -> bool {
    (smallest..=smallest + smallest / 50).contains(&size)
}

fn exponent(curve: &Curve) -> f64 {
    curve.fit.expect("a fit").exponent
}

/// A small program's memory: 4 MiB.
fn small(_: usize) -> u64 {
    4 << 20
}

#[test]
fn a_quadratic_time_is_fitted_as_n_squared_from_its_smallest_failing_size() {
    // 2 s at 50,000 words: the smallest failing size is 50,001, found by bisection, to within a
    // fiftieth.
    let quadratic = |size: usize| 2.0 * (size as f64 / 50_000.0).powi(2);
    let (found, curve) = followed(limits(2.0), modelled(quadratic, small));
    let size = found.input.size();
    assert!(near(size, 50_001), "{size}");
    assert_eq!(found.failure.verdict(), Verdict::TimeLimitExceeded);
    assert_eq!(curve.resource, Resource::Time);
    assert!((exponent(&curve) - 2.0).abs() < 0.01, "{curve:?}");
    // At the smallest failing size, the time that judged it; at the judge's largest, stopped.
    assert_eq!(curve.smallest_failing.size, size);
    assert!((curve.smallest_failing.value - quadratic(size)).abs() < 1e-6);
    assert_eq!(curve.smallest_failing.stopped_at, None);
    assert_eq!(curve.largest.unwrap().stopped_at, Some(Stop::Time));
    let predicted = curve.fit.unwrap().at(200_000);
    assert!(
        (predicted / quadratic(200_000) - 1.0).abs() < 0.01,
        "{predicted}"
    );
    // Twice the smallest failing size is measured with six times the limits.
    assert_eq!(curve.points[0].0, 2 * size);
    assert_eq!(curve.stopped_check, None);
}

#[test]
fn a_linear_time_after_a_start_up_is_fitted_as_n() {
    // 0.1 s to start, then 10 µs a word: over 2 s from 190,001 words on.
    let linear = |size: usize| 0.1 + 1e-5 * size as f64;
    let (found, curve) = followed(limits(2.0), modelled(linear, small));
    assert!(near(found.input.size(), 190_001), "{found:?}");
    assert!((curve.baseline - linear(1)).abs() < 1e-6, "{curve:?}");
    assert!((exponent(&curve) - 1.0).abs() < 0.01, "{curve:?}");
    // Twice the smallest failing size is beyond the judge's largest, which is checked instead.
    assert_eq!(curve.points[0].0, 200_000);
}

#[test]
fn a_warming_up_runtime_is_fitted_by_its_largest_sizes() {
    // A JVM: half a second to start, then a quadratic loop that runs up to four times slower
    // while it is interpreted, at small sizes.
    let warming_up = |size: usize| {
        let n = size as f64;
        let interpreted = 1.0 + 3.0 * (-n / 10_000.0).exp();
        0.5 + 1.5 * (n / 60_000.0).powi(2) * interpreted
    };
    let (_, curve) = followed(limits(2.0), modelled(warming_up, small));
    let exponent = exponent(&curve);
    assert!((1.8..=2.2).contains(&exponent), "N^{exponent}: {curve:?}");
}

#[test]
fn a_fit_that_expects_less_than_a_stopped_run_is_raised_through_its_largest_point() {
    let quadratic = Fit {
        exponent: 2.0,
        scale: 1e-8,
        baseline: 0.1,
    };
    let points = [(10_000, 1.1), (5_000, 0.35)];
    // Stopped runs it reaches, or below its largest point, leave it as it is.
    let reached = [(20_000, 4.0), (40_000, 16.1)];
    assert_eq!(reaching(quadratic, &points, &reached), quadratic);
    assert_eq!(reaching(quadratic, &points, &[(8_000, 9.0)]), quadratic);
    assert_eq!(reaching(quadratic, &points, &[(10_000, 9.0)]), quadratic);
    // Reached by the fit, though not by the line through a largest point below it: as it is.
    let low = [(10_000, 0.9), (5_000, 0.35)];
    assert_eq!(reaching(quadratic, &low, &[(20_000, 4.0)]), quadratic);
    let expected = quadratic.at(20_000);
    assert_eq!(reaching(quadratic, &low, &[(20_000, expected)]), quadratic);
    assert_eq!(reaching(quadratic, &low, &[]), quadratic);
    // A largest point that did not grow over the smallest input's gives no line to raise.
    let flat = [(10_000, 0.1)];
    assert_eq!(reaching(quadratic, &flat, &[(20_000, 9.0)]), quadratic);
    // Else the least exponent through (10,000, 1.1) that reaches every one of them: 8 s at
    // twice the size is N^3, 27 s at three times it too, 64 s at four times it N^3.
    let raised = reaching(quadratic, &points, &[(20_000, 8.1), (30_000, 27.1)]);
    assert!((raised.exponent - 3.0).abs() < 1e-9, "{raised:?}");
    assert!((raised.at(10_000) - 1.1).abs() < 1e-9, "{raised:?}");
    assert!(raised.at(20_000) >= 8.1 - 1e-9 && raised.at(30_000) >= 27.1 - 1e-9);
    assert_eq!(raised.baseline, 0.1);
    let steeper = reaching(quadratic, &points, &[(20_000, 8.1), (40_000, 128.1)]);
    assert!((steeper.exponent - 3.5).abs() < 1e-9, "{steeper:?}");
}

#[test]
fn a_warming_up_runtime_stopped_at_its_smallest_failing_size_is_fitted_to_reach_it() {
    // A JVM whose compiler makes every size up to a few thousand words slower, quadratic, and
    // three times slower from 30,000 words on, where its data leaves the cache: the run at the
    // smallest failing size and the one at twice it are stopped, and the points measured below
    // grow like N^1.3 at most, warm-up and all.
    let stepped = |size: usize| {
        let n = size as f64;
        let step = if size >= 30_000 { 3.0 } else { 1.0 };
        0.06 + 0.08 * (1.0 - (-n / 3_000.0).exp()) + 0.5 * (n / 19_582.0).powi(2) * step
    };
    let (found, curve) = followed(limits(2.0), modelled(stepped, small));
    let size = found.input.size();
    assert!(near(size, 30_000), "{size}");
    assert!(curve.smallest_failing.stopped_at.is_some(), "{curve:?}");
    let check = curve.stopped_check.expect("twice the size stopped too");
    let measured_only = fit(Resource::Time, &curve.points, curve.baseline).unwrap();
    assert!(measured_only.exponent < 1.6, "{measured_only:?}");
    let fitted = curve.fit.unwrap();
    assert!(fitted.exponent >= 2.0, "{curve:?}");
    assert!(fitted.at(size) >= curve.smallest_failing.value - 1e-9);
    assert!(fitted.at(check.size) >= check.value - 1e-9, "{curve:?}");
}

#[test]
fn a_cache_step_at_the_smallest_failing_size_is_fitted_over_the_largest_sizes() {
    // Quadratic, and three times slower from 20,000 words on, where the data leaves the cache:
    // 0.45 s there, over the 0.5 s limit from 21,082 words on.
    let stepped = |size: usize| {
        let n = size as f64 / 20_000.0;
        0.15 * n * n * if size >= 20_000 { 3.0 } else { 1.0 }
    };
    let (found, curve) = followed(limits(0.5), modelled(stepped, small));
    assert!(near(found.input.size(), 21_082), "{found:?}");
    let exponent = exponent(&curve);
    assert!((exponent - 2.0).abs() <= 0.4, "N^{exponent}: {curve:?}");
}

#[test]
fn a_memory_per_word_is_fitted_as_n_and_measured_once_a_size() {
    // 8 KiB a word: over 256 MiB from 32,768 words on.
    let limits = Limits {
        memory: 256 << 20,
        ..Limits::ATCODER
    };
    let runs = Cell::new(0);
    let per_word = modelled(|_| 0.01, |size| 4096 + size as u64 * 8192);
    let counted = |input: &Input, limits: &Limits| {
        runs.set(runs.get() + 1);
        per_word(input, limits)
    };
    let (found, curve) = followed(limits, counted);
    assert!(near(found.input.size(), 32_768), "{found:?}");
    assert_eq!(found.failure.verdict(), Verdict::MemoryLimitExceeded);
    assert_eq!(curve.resource, Resource::Memory);
    assert!((exponent(&curve) - 1.0).abs() < 0.01, "{curve:?}");
    assert_eq!(curve.smallest_failing.stopped_at, Some(Stop::Memory));
    // One run a size: the three official samples', the random case's, the family's, the
    // bisection's, and one for each point of the growth and its baseline.
    let measured = curve.points.len() + 1;
    let made = 3 + 1 + 1 + found.shrink_steps + measured;
    assert_eq!(runs.get(), made, "{curve:?}");
}

#[test]
fn only_a_program_too_slow_or_too_large_has_a_growth() {
    let origin = Origin {
        family: Some(Family::RandomWords),
        seed: 1,
    };
    let waited = Failure::TimeLimit {
        time: Duration::from_secs(6),
        stopped: true,
        blocked: true,
    };
    let wrong = Failure::WrongAnswer {
        expected: "Aoki\n".to_string(),
        actual: "Draw\n".to_string(),
        message: None,
    };
    for failure in [waited, wrong] {
        let failing = Failing {
            origin,
            smallest_size: 10,
            smallest: &failure,
            largest_size: JUDGE_MAX,
            at_largest: None,
            smallest_measured: 10,
            largest_measured: JUDGE_MAX,
        };
        let never = |_: &Input, _: &Limits| -> Result<Run, Error> { panic!("no run") };
        let made = made(origin);
        let grown = Input::size;
        assert_eq!(
            follow(&failing, &Limits::ATCODER, made, never, grown),
            Ok(None)
        );
    }
}

#[test]
fn the_steps_below_a_size_double_down_to_its_half() {
    assert_eq!(steps_below(27, 12), [26, 25, 23, 19]);
    assert_eq!(steps_below(100, 3), [99, 98, 96]);
    assert_eq!(steps_below(2, 12), Vec::<usize>::new());
    assert_eq!(steps_below(1, 12), Vec::<usize>::new());
}

#[test]
fn a_time_that_doubles_with_each_round_more_is_exponential() {
    // Every choice of every round tried: 2^N, over 2 s from 27 rounds on, on Lucky 7's families;
    // its smallest failing run stopped at the cut-off (4 s at 28 rounds), or over the limit but
    // finished before it (2.1 s at 27), which is measured and is not below itself.
    for at_26_rounds in [1.0, 1.05] {
        let exponential = |size: usize| at_26_rounds * 2f64.powi(size.min(60) as i32 - 26);
        let run = modelled(exponential, small);
        let test = |input: &Input| {
            let settled = settle(&limits(2.0), Precision::Verdict, || {
                run(input, &limits(2.0))
            })?;
            Ok::<_, Error>(judge("", &settled.run, &limits(2.0)))
        };
        let Conclusion::Found(found) = search(
            &Builtin::Lucky7,
            Plan::new(1, 7),
            &SystemClock,
            test,
            |_| {},
        )
        .unwrap() else {
            panic!("the first family fails");
        };
        let failing = Failing {
            origin: found.origin.expect("a family's input"),
            smallest_size: found.input.size(),
            smallest: &found.failure,
            largest_size: JUDGE_MAX,
            at_largest: Some(&found.first_failure),
            smallest_measured: found.input.size(),
            largest_measured: JUDGE_MAX,
        };
        let curve = follow(
            &failing,
            &limits(2.0),
            made(failing.origin),
            run,
            Input::size,
        )
        .unwrap()
        .expect("a growth");
        let factor = curve
            .exponential
            .unwrap_or_else(|| panic!("not exponential: {curve:?}"));
        assert!((factor - 2.0).abs() < 0.01, "{curve:?}");
        // Halves of the smallest failing size are too fast to measure: the sizes just below it
        // are, from the smallest up to where they span a factor of 16 (2^4), four rounds below it
        // at most: closer where the gap up to the smallest failing run is filled.
        let smallest = found.input.size();
        let below = (curve.points.iter())
            .map(|&(size, _)| size)
            .filter(|&size| size < smallest)
            .max()
            .unwrap_or_default();
        assert!(below + 4 >= smallest, "{curve:?}");
    }
}

#[test]
fn an_exponential_measured_at_a_few_noisy_sizes_is_still_exponential() {
    // 2^N under a limit of 0.2 s, measured at the few sizes below its smallest failing one that
    // take long enough to count, each off by up to a sixth: N^15 fits them a little better than
    // 2^N, but no program's power is that steep.
    let noisy = [(25, 0.14), (24, 0.08), (22, 0.02)];
    let factor = exponential(Resource::Time, &noisy, 0.0).expect("exponential");
    assert!((factor - 1.93).abs() < 0.01, "{factor}");
}

#[test]
fn a_steep_power_is_not_taken_for_an_exponential() {
    // N^3 over a start-up, and N^8: powers, however steep; 2^N is not one.
    let cubic: Vec<(usize, f64)> = [800, 400, 200, 100]
        .map(|n| (n, 0.1 + (n as f64 / 400.0).powi(3)))
        .to_vec();
    assert_eq!(exponential(Resource::Time, &cubic, 0.1), None);
    let eighth: Vec<(usize, f64)> = [30, 29, 27, 23]
        .map(|n| (n, (n as f64 / 30.0).powi(8) * 2.0))
        .to_vec();
    assert_eq!(exponential(Resource::Time, &eighth, 0.0), None);
    let doubling: Vec<(usize, f64)> = [30, 29, 27, 23]
        .map(|n: usize| (n, 2f64.powi(n as i32 - 29)))
        .to_vec();
    let factor = exponential(Resource::Time, &doubling, 0.0).unwrap();
    assert!((factor - 2.0).abs() < 1e-9, "{factor}");
    // Over fewer rounds 2^N is as steep as N^8.6 only, which a power could be: the straight
    // line on a log-linear scale, which fits it exactly, tells it apart.
    let few_rounds: Vec<(usize, f64)> = [14, 13, 12, 11]
        .map(|n: usize| (n, 2f64.powi(n as i32 - 14)))
        .to_vec();
    let found = fit(Resource::Time, &few_rounds, 0.0).unwrap().exponent;
    assert!((found - 8.6).abs() < 0.1, "{found}");
    let factor = exponential(Resource::Time, &few_rounds, 0.0).expect("exponential");
    assert!((factor - 2.0).abs() < 1e-9, "{factor}");
    // An exponent of 12 exactly is not over the steepest power: N^12 fitted to the last bit.
    let twelfth = [
        (11, 2.0),
        (10, 0.6372616354207133),
        (9, 0.17998150830899629),
    ];
    assert_eq!(fit(Resource::Time, &twelfth, 0.0).unwrap().exponent, 12.0);
    assert_eq!(exponential(Resource::Time, &twelfth, 0.0), None);
    // Nor is one of 6 exactly over the power beyond which a line may decide: N^6 through two
    // sizes, which both lines fit exactly.
    let sixth = [(5, 1.0), (4, 0.2621440000000001)];
    assert_eq!(fit(Resource::Time, &sixth, 0.0).unwrap().exponent, 6.0);
    assert_eq!(exponential(Resource::Time, &sixth, 0.0), None);
}

/// How a right Lucky 7 program that takes `seconds(N)` grows under `limits`, from its smallest
/// failing size on the family of random games, with every run's time off by up to `noise` (a
/// share, either way) as a busy machine makes it, the noise drawn from `seed`.
fn followed_noisily(
    limits: Limits,
    seconds: impl Fn(usize) -> f64,
    noise: f64,
    seed: u64,
) -> Curve {
    let rng = std::cell::RefCell::new(atcoder_games_tool::generate::Rng::new(seed));
    let noisy = |size: usize| {
        let share = rng.borrow_mut().below(1_000_001) as f64 / 1_000_000.0;
        seconds(size) * (1.0 + noise * (2.0 * share - 1.0))
    };
    let run = modelled(noisy, small);
    let origin = Origin {
        family: Some(Family::RandomGame),
        seed,
    };
    let judged = |size: usize| {
        let input = made(origin)(size).unwrap();
        let settled = settle(&limits, Precision::Verdict, || run(&input, &limits)).unwrap();
        judge("", &settled.run, &limits)
    };
    let (smallest_size, smallest) = (1..)
        .find_map(|size| judged(size).map(|failure| (size, failure)))
        .unwrap();
    let failing = Failing {
        origin,
        smallest_size,
        smallest: &smallest,
        largest_size: JUDGE_MAX,
        at_largest: None,
        smallest_measured: smallest_size,
        largest_measured: JUDGE_MAX,
    };
    follow(&failing, &limits, made(origin), &run, Input::size)
        .unwrap()
        .expect("a growth")
}

#[test]
fn an_exponential_under_a_short_limit_is_measured_over_a_wide_span_and_told_from_a_power() {
    // 2^N, 0.1 s at 20 rounds, under a limit of 0.2 s: the sizes below the smallest failing one
    // span a factor of 20 at most, from 10 ms to the limit, over which 2^N looks like N^15. Every
    // run is off by up to 30 %, as on a busy machine; two hundred such machines all tell it.
    let doubling = |size: usize| 0.1 * 2f64.powi(size.min(60) as i32 - 20);
    for seed in 0..200 {
        let curve = followed_noisily(limits(0.2), doubling, 0.3, seed);
        let smallest = curve.smallest_failing.size;
        let factor = curve
            .exponential
            .unwrap_or_else(|| panic!("seed {seed}, not exponential: {curve:?}"));
        assert!((1.7..=2.3).contains(&factor), "seed {seed}: {curve:?}");
        // Measured a round apart below the smallest failing size, and above it, with six times
        // the limits, where the points up to it span less than a factor of 16.
        let sizes: Vec<usize> = curve.points.iter().map(|&(size, _)| size).collect();
        let below = sizes.iter().filter(|&&size| size < smallest);
        let apart = below
            .clone()
            .zip(below.skip(1))
            .filter(|(a, b)| *a - *b == 1);
        assert!(apart.count() >= 3, "seed {seed}: {curve:?}");
        let up_to_it: Vec<(usize, f64)> = (curve.points.iter().copied())
            .filter(|&(size, _)| size <= smallest)
            .collect();
        let spanned = span(Resource::Time, &up_to_it, curve.baseline) >= STEEP_SPAN;
        let above = sizes.iter().any(|&size| size > smallest);
        assert!(spanned || above, "seed {seed}: {curve:?}");
        let spanned_by_all = span(Resource::Time, &curve.points, curve.baseline);
        assert!(
            spanned_by_all >= STEEP_SPAN,
            "seed {seed}: {spanned_by_all}: {curve:?}"
        );
    }
}

#[test]
fn a_steep_growth_under_the_judges_limit_is_measured_below_it_only() {
    // 2^N, 2 s at 26 rounds: from 10 ms to the limit the sizes below span a factor of 200, and
    // no run above the smallest failing size is needed, where each would take seconds.
    let doubling = |size: usize| 2.0 * 2f64.powi(size.min(60) as i32 - 26);
    let curve = followed_noisily(limits(2.0), doubling, 0.0, 1);
    // Nor at the judge's largest size, where it would be stopped: nothing is learnt from it.
    assert_eq!(curve.largest, None);
    let factor = curve.exponential.expect("exponential");
    // Within a millionth or so: the smallest input's 60 ns, taken off every point, bend it.
    assert!((factor - 2.0).abs() < 1e-5, "{curve:?}");
    assert_eq!(curve.stopped_check, None);
    // A half, 13 rounds, is not measurable; the sizes just below the smallest failing one, 27,
    // are, smallest first: 19 (15.6 ms) and 23 (0.25 s) span a factor of 16, so 25 and 26, runs
    // of 1 and 2 s, are not measured. Then a round apart wherever two neighbours differed by more
    // than two and a half times, down to the first that is not measurable (18 rounds, 7.8 ms).
    let sizes: Vec<usize> = curve.points.iter().map(|&(size, _)| size).collect();
    assert_eq!(curve.smallest_failing.size, 27);
    assert_eq!(sizes, [23, 22, 21, 20, 19, 18, 17, 16, 13], "{curve:?}");
}

#[test]
fn the_gap_to_fill_is_the_first_wide_one_whose_larger_end_is_measurable() {
    use atcoder_games_tool::growth::gap_to_fill;
    // Largest first: 24 and 21 differ by more than two and a half times, 21 and 17 too, where 17
    // is not measurable; the first gap is filled first.
    let points = [(25, 0.3), (24, 0.16), (21, 0.02), (17, 0.001)];
    assert_eq!(gap_to_fill(Resource::Time, &points, 0.0), Some(22));
    let points = [(24, 0.16), (23, 0.08), (22, 0.04), (21, 0.02), (17, 0.001)];
    assert_eq!(gap_to_fill(Resource::Time, &points, 0.0), Some(19));
    // Two and a half times exactly is narrow enough; so is a gap a round wide.
    let points = [(24, 0.25), (22, 0.1), (21, 0.001)];
    assert_eq!(gap_to_fill(Resource::Time, &points, 0.0), None);
    // Two unmeasurable points leave nothing to fill between them.
    let points = [(30, 0.005), (20, 0.001)];
    assert_eq!(gap_to_fill(Resource::Time, &points, 0.0), None);
    // The baseline is taken off first.
    let points = [(30, 0.5), (20, 0.2)];
    assert_eq!(gap_to_fill(Resource::Time, &points, 0.1), Some(25));
}

#[test]
fn the_span_of_a_growth_is_its_largest_measurable_growth_over_its_least() {
    let points = [(25, 0.32), (24, 0.16), (21, 0.02), (17, 0.001)];
    assert!((span(Resource::Time, &points, 0.0) - 16.0).abs() < 1e-9);
    assert!((span(Resource::Time, &points, 0.01) - 31.0).abs() < 1e-9);
    assert_eq!(span(Resource::Time, &[(17, 0.001)], 0.0), 1.0);
}
