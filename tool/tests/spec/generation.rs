//! Inputs made from a spec: the same for the same SIZE and SEED, sizes capped by SIZE, values
//! at the edges often, worst cases at the largest, and constraints no input meets an error.

use super::{ARRAY, CASES, TREE, first_number, kept_input, line_values, spec};
use atcoder_games_tool::spec::Spec;

#[test]
fn the_same_size_and_seed_make_the_same_input() {
    let spec = spec(ARRAY);
    assert_eq!(spec.generate(50, 7).unwrap(), spec.generate(50, 7).unwrap());
    let seeds: std::collections::HashSet<String> = (0..10)
        .map(|seed| spec.generate(50, seed).unwrap())
        .collect();
    assert!(seeds.len() >= 9, "{} different inputs of 10", seeds.len());
}

#[test]
fn size_caps_every_size_and_every_input_keeps_the_spec() {
    for text in [ARRAY, TREE, CASES] {
        let spec = spec(text);
        for size in 1..=40 {
            for seed in 0..8 {
                let input = kept_input(&spec, size, seed);
                let first = first_number(&input);
                assert!(
                    first <= (size as i64).max(2),
                    "{first} at size {size}\n{input}"
                );
            }
        }
    }
}

#[test]
fn values_are_drawn_at_their_bounds_often() {
    let spec = spec("N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 10\n- -5 \\leq A_i \\leq 10^18");
    let inputs: Vec<String> = (0..60)
        .map(|seed| spec.generate(10, seed).unwrap())
        .collect();
    let lines: Vec<&str> = inputs
        .iter()
        .map(|input| input.lines().nth(1).unwrap())
        .collect();
    let has = |value: &str| {
        lines
            .iter()
            .filter(|line| line.split(' ').any(|token| token == value))
            .count()
    };
    assert!(has("-5") >= 6, "the lower bound in {} of 60", has("-5"));
    assert!(
        has("1000000000000000000") >= 6,
        "the upper bound in {} of 60",
        has("1000000000000000000")
    );
}

#[test]
fn constraints_no_input_meets_are_an_error_and_so_is_a_value_with_no_bound() {
    let impossible = spec(
        "N\nA_1 \\ldots A_N\n- 5 \\leq N \\leq 10\n- 1 \\leq A_i \\leq 3\n- A_i are pairwise distinct.",
    );
    let error = impossible.generate(10, 1).unwrap_err();
    assert!(error.message.contains("keeps the constraints"), "{error}");
    assert!(error.message.contains("pairwise distinct"), "{error}");
    // The value named as the spec writes it, whatever the form.
    for (format, name) in [
        ("A_1 \\ldots A_N", "A_i"),
        ("A_1\n\\vdots\nA_N", "A_i"),
        (
            "A_{1,1} \\ldots A_{1,N}\n\\vdots\nA_{N,1} \\ldots A_{N,N}",
            "A_{i,j}",
        ),
    ] {
        let unbounded = spec(&format!("N\n{format}\n- 1 \\leq N \\leq 10\n- A \\leq 3"));
        assert_eq!(
            unbounded.generate(10, 1).unwrap_err().message,
            format!("the constraints give {name} no lower bound where it is drawn")
        );
    }
}

#[test]
fn a_size_is_fitted_to_a_bound_on_a_product_of_sizes() {
    let spec = spec(
        "H W\nS_1\n\\vdots\nS_H\n- 1 \\leq H, W \\leq 2 \\times 10^5\n- H \\times W \\leq 2 \\times 10^5\n- S_i is a string of length W consisting of `.` and `#`.",
    );
    for seed in (0..10).chain(Spec::worst_seeds(1)) {
        kept_input(&spec, 200_000, seed);
    }
}

#[test]
fn the_worst_seeds_are_one_per_family_and_a_worst_case_spends_a_sum_whole() {
    for seed in [0, 1, u64::MAX] {
        let families: Vec<u64> = Spec::worst_seeds(seed)
            .iter()
            .map(|worst| worst >> 56)
            .collect();
        assert_eq!(families, (0x80..0x88).collect::<Vec<u64>>(), "{seed}");
    }
    // The last case takes what the sum leaves.
    let cases = spec(CASES);
    let spent = |input: &str| -> i64 {
        let lines: Vec<&str> = input.lines().collect();
        lines[1..]
            .iter()
            .step_by(2)
            .map(|n| n.parse::<i64>().unwrap())
            .sum()
    };
    let most = Spec::worst_seeds(1)
        .into_iter()
        .map(|seed| spent(&cases.generate(200_000, seed).unwrap()))
        .max();
    assert_eq!(most, Some(200_000));
}

#[test]
fn a_count_of_none_and_values_kept_off_one_value_are_made() {
    let empty = spec(
        "N M\nA_1 \\ldots A_M\n- 1 \\leq N \\leq 5\n- 0 \\leq M \\leq 0\n- 1 \\leq A_i \\leq 9",
    );
    let avoiding =
        spec("N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 9\n- 1 \\leq A_i \\leq 2\n- A_i \\neq 1");
    let no_queries = spec(
        "Q\n\\mathrm{query}_1\n\\vdots\n\\mathrm{query}_Q\nEach query is given in one of the following formats:\n1 x\n2 x y\n- 0 \\leq Q \\leq 0\n- 1 \\leq x, y \\leq 10",
    );
    for seed in (0..20).chain(Spec::worst_seeds(2)) {
        let input = kept_input(&empty, 5, seed);
        assert!(
            input.starts_with(&format!("{} 0\n", first_number(&input))),
            "{input}"
        );
        // No query is drawn for a count of none.
        assert_eq!(no_queries.generate(5, seed).unwrap(), "0\n");
        let input = kept_input(&avoiding, 9, seed);
        assert!(
            input
                .lines()
                .nth(1)
                .unwrap()
                .split(' ')
                .all(|value| value == "2"),
            "{input}"
        );
    }
}

#[test]
fn values_bounded_by_other_values_or_letters_are_drawn_each_where_it_stands() {
    let bounded = spec(
        "N\nB_1 \\ldots B_N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 50\n- 1 \\leq B_i \\leq 9\n- 1 \\leq A_i \\leq B_i",
    );
    let strings = spec(
        "N\nS_1 \\ldots S_N\n- 1 \\leq N \\leq 50\n- |S_i| = 3\n- S_i consists of lowercase English letters.",
    );
    // A_i is drawn up to B_i, not up to the bound the first A has.
    let mut above_the_first = false;
    for seed in (0..10).chain(Spec::worst_seeds(4)) {
        for spec in [&bounded, &strings] {
            let input = kept_input(spec, 50, seed);
            if std::ptr::eq(spec, &bounded) {
                let first_bound = line_values(&input, 1)[0];
                above_the_first |= line_values(&input, 2).iter().any(|a| *a > first_bound);
            }
        }
    }
    assert!(above_the_first, "no A_i above B_1");
}

#[test]
fn sizes_and_lengths_reach_every_value_and_sizes_their_largest_three_times_in_five() {
    let spec = spec(
        "N\nA_1 \\ldots A_N\nS\n- 1 \\leq N \\leq 3\n- 1 \\leq A_i \\leq 9\n- 1 \\leq |S| \\leq 3\n- S consists of `a`.",
    );
    let inputs: Vec<String> = (0..1000)
        .map(|seed| spec.generate(3, seed).unwrap())
        .collect();
    let sizes: Vec<i64> = inputs.iter().map(|input| first_number(input)).collect();
    let lengths: Vec<usize> = inputs
        .iter()
        .map(|input| input.lines().nth(2).unwrap().len())
        .collect();
    for (what, reached) in [
        ("N", sizes.iter().map(|n| *n as usize).collect()),
        ("|S|", lengths),
    ] {
        let reached: Vec<usize> = reached;
        assert!(
            (1..=3).all(|value| reached.contains(&value)),
            "{what}: {reached:?}"
        );
    }
    // At its largest in 2 of 5 inputs, and in a third of the rest: 600 of 1,000 expected, 467 if
    // it were 1 of 5, 733 if 3 of 5 (each give or take 16), split between.
    let largest = sizes.iter().filter(|&&n| n == 3).count();
    assert!((534..=666).contains(&largest), "{largest} of 1000");
}

#[test]
fn a_worst_case_fits_a_size_to_a_product_at_its_largest() {
    let spec = spec(
        "H W\nS_1\n\\vdots\nS_H\n- 1 \\leq H \\leq 3\n- 1 \\leq W \\leq 10^5\n- H \\times W \\leq 2 \\times 10^5\n- S_i is a string of length W consisting of `.`.",
    );
    for seed in Spec::worst_seeds(1) {
        let input = spec.generate(200_000, seed).unwrap();
        assert_eq!(input.lines().next(), Some("3 66666"));
    }
}

#[test]
fn orders_distinct_values_and_permutations_are_drawn_as_such_and_only_where_said() {
    let permutation = spec(
        "N\nP_1 \\ldots P_N\nB_1 \\ldots B_N\n- 2 \\leq N \\leq 50\n- (P_1, \\ldots, P_N) is a permutation of (1, \\ldots, N).\n- 1 \\leq B_i \\leq 10^9\n- B_i are pairwise distinct.",
    );
    // Shuffled, some keep a value in its place, as 63% of random permutations do (a shuffle that
    // never leaves an item where it is makes a single cycle, which never does).
    let (mut identity, mut reversed, mut shuffled) = (false, false, false);
    for seed in (0..30).chain(Spec::worst_seeds(5)) {
        let input = kept_input(&permutation, 50, seed);
        let values = line_values(&input, 1);
        let n = values.len() as i64;
        let in_order = values == (1..=n).collect::<Vec<_>>();
        let in_reverse = values == (1..=n).rev().collect::<Vec<_>>();
        identity |= n > 2 && in_order;
        reversed |= n > 2 && in_reverse;
        shuffled |=
            !in_order && !in_reverse && (1..=n).zip(&values).any(|(place, value)| place == *value);
    }
    assert!(
        identity && reversed && shuffled,
        "(in order, reversed, shuffled with a value in its place): {:?}",
        (identity, reversed, shuffled)
    );
    // Distinct values over a wide range, from far off 1 to near the top.
    let wide = spec(
        "N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 50\n- 10 \\leq A_i \\leq 10^9\n- A_i are pairwise distinct.",
    );
    let mut top = 0;
    for seed in (0..10).chain(Spec::worst_seeds(6)) {
        let input = kept_input(&wide, 50, seed);
        top = top.max(*line_values(&input, 1).iter().max().unwrap());
    }
    assert!(top > 500_000_000, "{top}");
    // A rule on one array draws no other one so.
    let beside = spec(
        "N\nA_1 \\ldots A_N\nB_1 \\ldots B_N\nu_1 v_1\n\\vdots\nu_N v_N\n- 2 \\leq N \\leq 10\n- 1 \\leq A_i, B_i \\leq 10\n- A_1 \\leq \\ldots \\leq A_N\n- A_i are pairwise distinct.\n- 1 \\leq u_i < v_i \\leq 11\n- (u_i, v_i) \\neq (u_j, v_j)",
    );
    let (mut unsorted, mut equal) = (false, false);
    for seed in (0..20).chain(Spec::worst_seeds(7)) {
        let input = kept_input(&beside, 10, seed);
        let values = line_values(&input, 2);
        unsorted |= values.windows(2).any(|pair| pair[0] > pair[1]);
        equal |= values.len() > 1 && values.iter().all(|value| *value == values[0]);
    }
    assert!(
        unsorted && equal,
        "B unsorted in some input, all equal in another"
    );
}

#[test]
fn every_way_of_drawing_values_shows_among_the_inputs() {
    // Ten values between 10^8 and 10^9 at size 10: near a bound is within 10 of it.
    let wide = spec("N\nA_1 \\ldots A_N\n- 10 \\leq N \\leq 10\n- 10^8 \\leq A_i \\leq 10^9");
    let (low, top) = (100_000_000, 1_000_000_000);
    let arrays: Vec<Vec<i64>> = (0..100)
        .map(|seed| line_values(&wide.generate(10, seed).unwrap(), 1))
        .collect();
    let varied = |values: &[i64]| values.iter().any(|value| *value != values[0]);
    let spread = |values: &[i64]| values.iter().max().unwrap() - values.iter().min().unwrap();
    let shows = [
        (
            "both bounds and nothing else",
            arrays.iter().any(|values| {
                values.contains(&low)
                    && values.contains(&top)
                    && values.iter().all(|value| *value == low || *value == top)
            }),
        ),
        (
            "varied values near the lower bound",
            arrays
                .iter()
                .any(|values| varied(values) && values.iter().all(|value| *value < low + 10)),
        ),
        (
            "varied values near the upper bound",
            arrays
                .iter()
                .any(|values| varied(values) && values.iter().all(|value| *value > top - 10)),
        ),
        (
            "equal values away from both bounds",
            arrays
                .iter()
                .any(|values| !varied(values) && values[0] >= low + 10 && values[0] <= top - 10),
        ),
        (
            "values across the range",
            arrays.iter().any(|values| spread(values) > (top - low) / 2),
        ),
    ];
    for (what, shown) in shows {
        assert!(shown, "no input of 100 has {what}");
    }
    // Over a range of three, an array holds each of them.
    let narrow = spec("N\nA_1 \\ldots A_N\n- 10 \\leq N \\leq 10\n- 1 \\leq A_i \\leq 3");
    let every = (0..20).any(|seed| {
        let values = line_values(&narrow.generate(10, seed).unwrap(), 1);
        (1..=3).all(|value| values.contains(&value))
    });
    assert!(every, "no array of 20 holds 1, 2 and 3");
}

#[test]
fn a_value_drawn_on_one_it_must_not_be_is_drawn_again() {
    // Half the values of most draws land on 1 first: every input is all 2s, none given up on.
    for format in ["A_1 \\ldots A_N", "A_1\n\\vdots\nA_N"] {
        let spec = spec(&format!(
            "N\n{format}\n- 50 \\leq N \\leq 50\n- 1 \\leq A_i \\leq 2\n- A_i \\neq 1"
        ));
        for seed in 0..40 {
            let input = spec
                .generate(50, seed)
                .unwrap_or_else(|error| panic!("{format}, seed {seed}: {error}"));
            let values: Vec<i64> = input
                .split_ascii_whitespace()
                .skip(1)
                .map(|value| value.parse().unwrap())
                .collect();
            assert_eq!(values, vec![2; 50], "{format}, seed {seed}");
        }
    }
}

#[test]
fn a_sum_over_the_cases_bounds_its_variable_alone_even_when_its_bound_is_a_variable() {
    // N sizes nothing: the sum alone makes it a size, whose budget each case spends.
    let spec = spec(
        "K T\n\\mathrm{case}_1\n\\vdots\n\\mathrm{case}_T\n\nEach case is given in the following format:\n\nN M\nS\n\n- 1 \\leq K \\leq 100\n- 1 \\leq T \\leq \\min(10, K)\n- 1 \\leq N, M \\leq 100\n- S is a string of length M consisting of `a`.\n- The sum of N over all test cases is at most K.",
    );
    for seed in (0..40).chain(Spec::worst_seeds(9)) {
        let input = kept_input(&spec, 100, seed);
        if seed < 40 {
            continue;
        }
        // At the largest, K and every M are 100, and the cases spend K whole.
        let cases: Vec<Vec<i64>> = (1..=10)
            .map(|case| line_values(&input, 2 * case - 1))
            .collect();
        assert_eq!(line_values(&input, 0), [100, 10], "{input}");
        assert_eq!(
            cases.iter().map(|case| case[0]).sum::<i64>(),
            100,
            "{input}"
        );
        assert!(cases.iter().all(|case| case[1] == 100), "{input}");
    }
}

#[test]
fn a_column_of_rows_is_drawn_whole_where_a_rule_says() {
    // Fifty distinct values of fifty: drawn one by one, no input would have them.
    let spec = spec(
        "N\nA_1 B_1\n\\vdots\nA_N B_N\n- 50 \\leq N \\leq 50\n- 1 \\leq A_i \\leq 50\n- 1 \\leq B_i \\leq 9\n- A_i are pairwise distinct.",
    );
    for seed in (0..10).chain(Spec::worst_seeds(12)) {
        let input = spec
            .generate(50, seed)
            .unwrap_or_else(|error| panic!("seed {seed}: {error}"));
        let mut column: Vec<i64> = (1..=50).map(|line| line_values(&input, line)[0]).collect();
        column.sort_unstable();
        assert_eq!(column, (1..=50).collect::<Vec<i64>>(), "{input}");
    }
}

#[test]
fn values_in_strict_order_or_distinct_are_drawn_without_repeats_up_to_the_top() {
    // Fifty of a hundred in strict order: drawn with repeats, no input would keep it.
    let strict = spec(
        "N\nA_1 \\ldots A_N\n- 50 \\leq N \\leq 50\n- 1 \\leq A_i \\leq 100\n- A_1 < A_2 < \\ldots < A_N",
    );
    // Fifty distinct of 250, drawn one by one: the top is in one input of five.
    let distinct = spec(
        "N\nA_1 \\ldots A_N\n- 50 \\leq N \\leq 50\n- 1000 \\leq A_i \\leq 1249\n- A_i are pairwise distinct.",
    );
    let mut top = false;
    for seed in 0..30 {
        for spec in [&strict, &distinct] {
            let input = kept_input(spec, 50, seed);
            top |= std::ptr::eq(spec, &distinct) && line_values(&input, 1).contains(&1249);
        }
    }
    assert!(top, "no distinct value reached 1249");
}

#[test]
fn bounds_are_kept_whichever_way_a_chain_is_written() {
    // Each spec's values lie between 1 and 4; drawn at the two bounds, they are 1 and 4 alone.
    for (bounds, what) in [
        (
            "- 1 \\leq A_i \\leq 10^9\n- A_i < N",
            "a second, strict upper bound",
        ),
        ("- 4 \\geq A_i \\geq 1", "a falling chain"),
        ("- 0 < A_i < 5", "strict bounds"),
    ] {
        let spec = spec(&format!(
            "N M\nA_1 \\ldots A_M\n- 5 \\leq N \\leq 5\n- 20 \\leq M \\leq 20\n{bounds}"
        ));
        let mut at_both = false;
        for seed in 0..40 {
            let input = kept_input(&spec, 20, seed);
            let values = line_values(&input, 1);
            at_both |= values.contains(&1)
                && values.contains(&4)
                && values.iter().all(|value| *value == 1 || *value == 4);
        }
        assert!(at_both, "{what}: no input of the two bounds alone");
    }
}

#[test]
fn a_bound_on_one_value_binds_that_value_alone() {
    for (index, place) in [("1", 0), ("N", 19)] {
        let spec = spec(&format!(
            "N\nA_1 \\ldots A_N\n- 20 \\leq N \\leq 20\n- 1 \\leq A_i \\leq 100\n- A_{index} \\leq 5"
        ));
        let (mut at_its_top, mut others_above) = (0, false);
        for seed in 0..200 {
            let input = spec
                .generate(20, seed)
                .unwrap_or_else(|error| panic!("A_{index}, seed {seed}: {error}"));
            let values = line_values(&input, 1);
            assert!(values[place] <= 5, "A_{index}: {input}");
            at_its_top += usize::from(values[place] == 5);
            others_above |= values
                .iter()
                .enumerate()
                .any(|(at, value)| at != place && *value > 5);
        }
        // At 5 in about 44 of 200 (at the two bounds, near the top, anywhere in 1 to 5).
        assert!(at_its_top >= 30, "A_{index} at 5 in {at_its_top} of 200");
        assert!(others_above, "A_{index}: no other value above 5");
    }
}

#[test]
fn a_size_inside_an_expression_is_fitted_to_the_values_drawn_before_it() {
    let spec = spec(
        "M N\nA_1 \\ldots A_N\n- 2 \\leq M \\leq 100\n- 1 \\leq N \\leq 100\n- 2 \\times N \\leq M\n- 1 \\leq A_i \\leq 9",
    );
    for seed in Spec::worst_seeds(13) {
        let input = spec.generate(100, seed).unwrap();
        let sizes = line_values(&input, 0);
        assert_eq!(sizes[1], sizes[0] / 2, "N at its largest below M: {input}");
    }
}

#[test]
fn a_string_of_one_letter_may_be_any_of_its_letters() {
    let spec = spec("S\n- |S| = 10\n- S consists of `A` and `B`.");
    let all_b = (0..60).any(|seed| spec.generate(10, seed).unwrap() == "BBBBBBBBBB\n");
    assert!(all_b, "no string of B alone");
}
