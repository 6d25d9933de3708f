//! Inputs made from a spec: the same for the same SIZE and SEED, sizes capped by SIZE, values
//! at the edges often, worst cases at the largest, and constraints no input meets an error.

use super::{ARRAY, CASES, TREE, spec};
use atcoder_games_tool::spec::Spec;

/// The first number of `text`.
fn first_number(text: &str) -> i64 {
    text.split_ascii_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

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
                let input = spec.generate(size, seed).unwrap();
                spec.validate(&input)
                    .unwrap_or_else(|invalid| panic!("{invalid}\n{input}"));
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
fn the_worst_cases_have_every_size_at_its_largest_and_trees_of_every_shape() {
    let spec = spec(TREE);
    let mut shapes = (false, false);
    for seed in Spec::worst_seeds(3) {
        let input = spec.generate(1000, seed).unwrap();
        spec.validate(&input).unwrap();
        assert_eq!(first_number(&input), 1000);
        let mut degrees = vec![0; 1001];
        for edge in input.lines().skip(1) {
            for end in edge.split(' ') {
                degrees[end.parse::<usize>().unwrap()] += 1;
            }
        }
        let most = *degrees.iter().max().unwrap();
        shapes.0 |= most == 2;
        shapes.1 |= most == 999;
    }
    assert_eq!(
        shapes,
        (true, true),
        "(a path, a star) among the worst cases"
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
fn a_graph_is_simple_and_connected_where_the_spec_says() {
    let spec = spec(
        "N M\nu_1 v_1\n\\vdots\nu_M v_M\n- 2 \\leq N \\leq 100\n- N - 1 \\leq M \\leq \\min(100, N(N-1)/2)\n- 1 \\leq u_i < v_i \\leq N\n- The given graph is simple and connected.",
    );
    for seed in 0..30 {
        let input = spec.generate(100, seed).unwrap();
        spec.validate(&input)
            .unwrap_or_else(|invalid| panic!("{invalid}\n{input}"));
    }
    // A complete graph at a small N: M = N(N-1)/2 for N of 3 or more.
    let complete = (0..60)
        .map(|seed| spec.generate(6, seed).unwrap())
        .any(|input| {
            let mut sizes = input
                .split_ascii_whitespace()
                .map(|token| token.parse::<usize>().unwrap());
            let (n, m) = (sizes.next().unwrap(), sizes.next().unwrap());
            n >= 3 && m == n * (n - 1) / 2
        });
    assert!(complete, "no complete graph in 60 seeds");
}

#[test]
fn a_size_is_fitted_to_a_bound_on_a_product_of_sizes() {
    let spec = spec(
        "H W\nS_1\n\\vdots\nS_H\n- 1 \\leq H, W \\leq 2 \\times 10^5\n- H \\times W \\leq 2 \\times 10^5\n- S_i is a string of length W consisting of `.` and `#`.",
    );
    for seed in (0..10).chain(Spec::worst_seeds(1)) {
        let input = spec
            .generate(200_000, seed)
            .unwrap_or_else(|error| panic!("{error}"));
        spec.validate(&input)
            .unwrap_or_else(|invalid| panic!("{invalid}"));
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
    for seed in (0..20).chain(Spec::worst_seeds(2)) {
        let input = empty.generate(5, seed).unwrap();
        assert!(
            input.starts_with(&format!("{} 0\n", first_number(&input))),
            "{input}"
        );
        empty.validate(&input).unwrap();
        let input = avoiding.generate(9, seed).unwrap();
        avoiding.validate(&input).unwrap();
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
    for seed in (0..10).chain(Spec::worst_seeds(4)) {
        for spec in [&bounded, &strings] {
            let input = spec.generate(50, seed).unwrap();
            spec.validate(&input).unwrap();
        }
    }
}

/// The values of line `line` (from 0) of `input`.
fn line_values(input: &str, line: usize) -> Vec<i64> {
    input
        .lines()
        .nth(line)
        .unwrap_or("")
        .split_ascii_whitespace()
        .map(|value| value.parse().unwrap())
        .collect()
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
    let (mut identity, mut reversed) = (false, false);
    for seed in (0..10).chain(Spec::worst_seeds(5)) {
        let input = permutation.generate(50, seed).unwrap();
        permutation.validate(&input).unwrap();
        let values = line_values(&input, 1);
        let n = values.len() as i64;
        identity |= n > 2 && values == (1..=n).collect::<Vec<_>>();
        reversed |= n > 2 && values == (1..=n).rev().collect::<Vec<_>>();
    }
    assert!(
        identity && reversed,
        "a permutation in order and reversed among the worst"
    );
    // Distinct values over a wide range, from far off 1 to near the top.
    let wide = spec(
        "N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 50\n- 10 \\leq A_i \\leq 10^9\n- A_i are pairwise distinct.",
    );
    let mut top = 0;
    for seed in (0..10).chain(Spec::worst_seeds(6)) {
        let input = wide.generate(50, seed).unwrap();
        wide.validate(&input).unwrap();
        top = top.max(*line_values(&input, 1).iter().max().unwrap());
    }
    assert!(top > 500_000_000, "{top}");
    // A rule on one array draws no other one so.
    let beside = spec(
        "N\nA_1 \\ldots A_N\nB_1 \\ldots B_N\nu_1 v_1\n\\vdots\nu_N v_N\n- 2 \\leq N \\leq 10\n- 1 \\leq A_i, B_i \\leq 10\n- A_1 \\leq \\ldots \\leq A_N\n- 1 \\leq u_i < v_i \\leq 11\n- (u_i, v_i) \\neq (u_j, v_j)",
    );
    let (mut unsorted, mut equal) = (false, false);
    for seed in (0..20).chain(Spec::worst_seeds(7)) {
        let input = beside.generate(10, seed).unwrap();
        beside.validate(&input).unwrap();
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
fn a_worst_case_of_a_simple_graph_at_its_most_edges_is_the_complete_graph() {
    for shape in ["simple and connected", "simple"] {
        let spec = spec(&format!(
            "N M\nu_1 v_1\n\\vdots\nu_M v_M\n- 2 \\leq N \\leq 8\n- 1 \\leq M \\leq N(N-1)/2\n- 1 \\leq u_i, v_i \\leq N\n- The given graph is {shape}."
        ));
        for seed in Spec::worst_seeds(8) {
            let input = spec.generate(100, seed).unwrap();
            spec.validate(&input)
                .unwrap_or_else(|invalid| panic!("{shape}: {invalid}\n{input}"));
            assert!(input.starts_with("8 28\n"), "{shape}: {input}");
        }
    }
}

#[test]
fn every_way_of_drawing_values_shows_among_the_inputs() {
    // Ten values between 1 and 10^9 at size 10: near a bound is within 10 of it.
    let wide = spec("N\nA_1 \\ldots A_N\n- 10 \\leq N \\leq 10\n- 1 \\leq A_i \\leq 10^9");
    let top = 1_000_000_000;
    let arrays: Vec<Vec<i64>> = (0..100)
        .map(|seed| line_values(&wide.generate(10, seed).unwrap(), 1))
        .collect();
    let varied = |values: &[i64]| values.iter().any(|value| *value != values[0]);
    let spread = |values: &[i64]| values.iter().max().unwrap() - values.iter().min().unwrap();
    let shows = [
        (
            "both bounds and nothing else",
            arrays.iter().any(|values| {
                values.contains(&1)
                    && values.contains(&top)
                    && values.iter().all(|value| *value == 1 || *value == top)
            }),
        ),
        (
            "varied values near the lower bound",
            arrays
                .iter()
                .any(|values| varied(values) && values.iter().all(|value| *value <= 10)),
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
                .any(|values| !varied(values) && values[0] > 10 && values[0] <= top - 10),
        ),
        (
            "values across the range",
            arrays.iter().any(|values| spread(values) > top / 2),
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
        let input = spec
            .generate(100, seed)
            .unwrap_or_else(|error| panic!("seed {seed}: {error}"));
        spec.validate(&input)
            .unwrap_or_else(|invalid| panic!("{invalid}\n{input}"));
    }
    // At the largest, K and every M are 100, and the cases spend K whole.
    for seed in Spec::worst_seeds(9) {
        let input = spec.generate(100, seed).unwrap();
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

/// The leaves and the diameter (in edges) of the tree on vertices 1 to `n` whose edges are the
/// lines of `input` after the first.
fn leaves_and_diameter(input: &str, n: usize) -> (usize, usize) {
    let mut next = vec![Vec::new(); n + 1];
    for line in input.lines().skip(1) {
        let ends = line_values(line, 0);
        let (u, v) = (ends[0] as usize, ends[1] as usize);
        next[u].push(v);
        next[v].push(u);
    }
    let farthest = |from: usize| {
        let mut depth = vec![usize::MAX; n + 1];
        depth[from] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        let mut last = from;
        while let Some(vertex) = queue.pop_front() {
            last = vertex;
            for &other in &next[vertex] {
                if depth[other] == usize::MAX {
                    depth[other] = depth[vertex] + 1;
                    queue.push_back(other);
                }
            }
        }
        (last, depth[last])
    };
    let leaves = next.iter().filter(|ends| ends.len() == 1).count();
    (leaves, farthest(farthest(1).0).1)
}

#[test]
fn a_caterpillar_is_among_the_worst_trees() {
    // A spine of half the vertices, the other half hung on it: a path would have two leaves, a
    // star a diameter of two, a random tree of 1,000 vertices a diameter far below 500.
    let spec = spec(TREE);
    let caterpillar = Spec::worst_seeds(10).into_iter().any(|seed| {
        let (leaves, diameter) = leaves_and_diameter(&spec.generate(1000, seed).unwrap(), 1000);
        leaves >= 450 && diameter >= 499
    });
    assert!(caterpillar, "no caterpillar among the worst trees");
}
