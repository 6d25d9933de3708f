//! The growth fit on its own: the sizes measured, what counts as measured rather than noise, and
//! the exponent of made-up measurements.

use atcoder_games_tool::growth::{
    MOST_RUNS, Resource, fit, least_of_runs, measurable, runs_needed, sizes_below,
};

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

#[test]
fn short_times_are_measured_three_times_long_ones_twice_memory_once() {
    assert_eq!(runs_needed(Resource::Time, 0.05), 3);
    assert_eq!(runs_needed(Resource::Time, 0.199), 3);
    assert_eq!(runs_needed(Resource::Time, 0.2), 2);
    assert_eq!(runs_needed(Resource::Time, 1.5), 2);
    assert_eq!(runs_needed(Resource::Memory, 1024.0), 1);
}

/// What [`least_of_runs`] makes of these runs, (value, stopped) each, and how many it made.
fn least(resource: Resource, runs: &[(f64, bool)]) -> (Option<f64>, usize) {
    let mut made = 0;
    let least = least_of_runs(resource, || {
        made += 1;
        Ok::<_, ()>(runs[made - 1])
    });
    (least.unwrap(), made)
}

#[test]
fn a_size_takes_the_least_of_its_runs_not_stopped() {
    // A long time is run twice, a short one three times, a memory once.
    assert_eq!(
        least(Resource::Time, &[(1.0, false), (0.95, false)]),
        (Some(0.95), 2)
    );
    assert_eq!(
        least(Resource::Time, &[(0.95, false), (1.0, false)]),
        (Some(0.95), 2)
    );
    let short = [(0.1, false), (0.095, false), (0.099, false)];
    assert_eq!(least(Resource::Time, &short), (Some(0.095), 3));
    assert_eq!(least(Resource::Memory, &[(5e6, false)]), (Some(5e6), 1));
    // A run stopped at a limit says only that it took more: it is left out...
    assert_eq!(
        least(Resource::Time, &[(1.0, false), (0.5, true)]),
        (Some(1.0), 2)
    );
    assert_eq!(
        least(Resource::Time, &[(0.5, true), (1.0, false)]),
        (Some(1.0), 2)
    );
    // ... and if every run was stopped, nothing is measured.
    assert_eq!(
        least(Resource::Time, &[(2.0, true), (2.0, true)]),
        (None, 2)
    );
    assert_eq!(least(Resource::Memory, &[(9e9, true)]), (None, 1));
}

#[test]
fn times_that_do_not_agree_are_measured_again() {
    // The two least of the runs so far must be within a tenth of each other...
    let settled = [(1.0, false), (0.8, false), (0.85, false)];
    assert_eq!(least(Resource::Time, &settled), (Some(0.8), 3));
    let exactly_a_tenth = [(1.1, false), (1.0, false)];
    assert_eq!(least(Resource::Time, &exactly_a_tenth), (Some(1.0), 2));
    let short = [(0.1, false), (0.05, false), (0.2, false), (0.054, false)];
    assert_eq!(least(Resource::Time, &short), (Some(0.05), 4));
    // ... a run stopped at a limit does not count as one of them...
    let stopped = [(1.0, false), (0.7, false), (2.0, true), (0.75, false)];
    assert_eq!(least(Resource::Time, &stopped), (Some(0.7), 4));
    // ... and a size is run at most MOST_RUNS times.
    let scattered = [
        (1.0, false),
        (2.0, false),
        (3.0, false),
        (4.0, false),
        (5.0, false),
    ];
    assert_eq!(scattered.len(), MOST_RUNS);
    assert_eq!(least(Resource::Time, &scattered), (Some(1.0), MOST_RUNS));
}
