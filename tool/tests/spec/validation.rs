//! Checking an input against its spec: the first value that breaks it, by its line, its token
//! and the constraint; an input that departs from the format, by its line; and the bounds the
//! values reached.

use super::{ARRAY, CASES, TREE, spec};
use atcoder_games_tool::spec::{Invalid, Reached};

fn invalid(spec_text: &str, input: &str) -> Invalid {
    spec(spec_text)
        .validate(input)
        .expect_err("an input that breaks the spec")
}

#[test]
fn a_value_out_of_its_bounds_is_named_by_line_token_and_constraint() {
    let array = invalid(ARRAY, "3 5\n1 0 2\n");
    assert_eq!(
        array.to_string(),
        "line 2, token 2: A_2 = 0 breaks 1 \\leq A_i \\leq 10^9"
    );
    let scalar = invalid(ARRAY, "3 0\n1 1 2\n");
    assert_eq!(
        scalar.to_string(),
        "line 1, token 2: K = 0 breaks 1 \\leq K \\leq 10^9"
    );
}

#[test]
fn a_chain_between_values_blames_the_later() {
    let spec_text =
        "N\nL_1 R_1\n\\vdots\nL_N R_N\n- 1 \\leq N \\leq 10\n- 1 \\leq L_i \\leq R_i \\leq N";
    assert_eq!(
        invalid(spec_text, "2\n1 2\n2 1\n").to_string(),
        "line 3, token 2: R_2 = 1 breaks 1 \\leq L_i \\leq R_i \\leq N"
    );
    assert!(spec(spec_text).validate("2\n1 2\n2 2\n").is_ok());
}

#[test]
fn the_format_is_kept_line_by_line() {
    assert_eq!(
        invalid(ARRAY, "3 5\n1 2\n").to_string(),
        "line 2: 2 tokens, where the format has 3: A_1 A_2 A_3"
    );
    assert_eq!(
        invalid(ARRAY, "3 5\n").to_string(),
        "line 2: the input ends where the format has A_1 A_2 A_3 more"
    );
    assert_eq!(
        invalid(ARRAY, "3 5\n1 2 3\n4\n").to_string(),
        "line 3: the input goes on after the format ends"
    );
    assert_eq!(
        invalid(ARRAY, "3 x\n1 2 3\n").to_string(),
        "line 1, token 2: `x` is not an integer (K)"
    );
    // An index that no array has, from a count read before: the value's own token.
    assert_eq!(
        invalid(
            "N\nK A_{N-5} \\ldots A_N\n- 1 \\leq N, K \\leq 9\n- 1 \\leq A_i \\leq 9",
            "2\n1 1 2 3 4 5 6\n"
        )
        .to_string(),
        "line 2, token 2: A_-3 has an index out of reach"
    );
    // Any whitespace between tokens, CRLF, no final newline, blank lines at the end.
    assert!(spec(ARRAY).validate("3  5\r\n1\t2 3").is_ok());
    assert!(spec(ARRAY).validate("3 5\n1 2 3\n\n\n").is_ok());
}

#[test]
fn a_tree_must_be_one() {
    assert!(spec(TREE).validate("4\n1 2\n2 3\n2 4\n").is_ok());
    let cycle = invalid(TREE, "4\n1 2\n2 3\n3 1\n");
    assert!(
        cycle
            .to_string()
            .starts_with("line 4, token 2: the edge 3-1, which closes a cycle, breaks"),
        "{cycle}"
    );
    let loop_edge = invalid(TREE, "3\n1 1\n2 3\n");
    assert!(loop_edge.to_string().contains("a loop"), "{loop_edge}");
}

#[test]
fn a_connected_graph_must_be_and_a_simple_one_has_no_repeated_edge() {
    let spec_text = "N M\nu_1 v_1\n\\vdots\nu_M v_M\n- 2 \\leq N \\leq 10\n- 1 \\leq M \\leq 10\n- 1 \\leq u_i, v_i \\leq N\n- The given graph is simple and connected.";
    let parts = invalid(spec_text, "4 2\n1 2\n3 4\n");
    assert!(
        parts.to_string().contains("the graph, in 2 parts, breaks"),
        "{parts}"
    );
    let twice = invalid(spec_text, "2 2\n1 2\n2 1\n");
    assert!(twice.to_string().contains("given twice"), "{twice}");
}

#[test]
fn distinct_sorted_permutation_and_letters_are_checked() {
    let spec_text = "N\nA_1 \\ldots A_N\nP_1 \\ldots P_N\nS\n- 1 \\leq N \\leq 10\n- 1 \\leq A_i \\leq 10\n- A_i \\neq A_j (i \\neq j)\n- (P_1, \\ldots, P_N) is a permutation of (1, \\ldots, N).\n- |S| = N\n- S consists of lowercase English letters.";
    assert!(spec(spec_text).validate("3\n1 2 3\n3 1 2\nabc\n").is_ok());
    let repeat = invalid(spec_text, "3\n1 2 1\n3 1 2\nabc\n");
    assert_eq!(
        repeat.to_string(),
        "line 2, token 3: A_3 = 1 equals A_1, which breaks A_i \\neq A_j (i \\neq j)"
    );
    let not_permutation = invalid(spec_text, "3\n1 2 3\n3 1 3\nabc\n");
    assert!(
        not_permutation
            .to_string()
            .starts_with("line 3, token 3: P_3 = 3 breaks"),
        "{not_permutation}"
    );
    let letter = invalid(spec_text, "3\n1 2 3\n3 1 2\naBc\n");
    assert!(
        letter
            .to_string()
            .starts_with("line 4, token 1: S has `B`, which breaks"),
        "{letter}"
    );
    let length = invalid(spec_text, "3\n1 2 3\n3 1 2\nab\n");
    assert!(
        length
            .to_string()
            .starts_with("line 4, token 1: |S| = 2 breaks |S| = N"),
        "{length}"
    );
    let sorted =
        "N\nX_1 \\ldots X_N\n- 1 \\leq N \\leq 10\n- 1 \\leq X_1 < X_2 < \\ldots < X_N \\leq 10";
    assert!(
        invalid(sorted, "3\n1 3 3\n")
            .to_string()
            .starts_with("line 2, token 3: X_3 = 3 after 3")
    );
}

#[test]
fn test_cases_queries_and_a_sum_over_the_cases_are_checked() {
    assert!(spec(CASES).validate("2\n3\nABC\n1\nC\n").is_ok());
    let length = invalid(CASES, "2\n3\nABC\n2\nC\n");
    assert_eq!(length.line, 5, "{length}");
    let spec_text = CASES.replace("2 \\times 10^5.", "3.");
    let sum = invalid(&spec_text, "2\n3\nABC\n1\nC\n");
    assert!(
        sum.to_string()
            .starts_with("line 4, token 1: the sum of N so far, 4, breaks"),
        "{sum}"
    );
    let queries = "Q\n\\mathrm{query}_1\n\\vdots\n\\mathrm{query}_Q\nin one of the following formats:\n1 x\n2 x y\n- 1 \\leq Q \\leq 10\n- 1 \\leq x \\leq 10\n- 1 \\leq y \\leq 10";
    assert!(spec(queries).validate("2\n1 5\n2 3 4\n").is_ok());
    assert_eq!(
        invalid(queries, "2\n1 5\n2 3 0\n").to_string(),
        "line 3, token 3: y = 0 breaks 1 \\leq y \\leq 10"
    );
    assert_eq!(
        invalid(queries, "1\n3 5\n").to_string(),
        "line 2, token 1: `3` is not the kind of a query: 1, 2"
    );
}

#[test]
fn the_bounds_reached_are_told_per_variable() {
    let spec = spec(ARRAY);
    let document = spec.document("3 1000000000\n1 5 1\n").unwrap();
    let mut reached = Reached::default();
    spec.check(&document, &mut reached).unwrap();
    assert_eq!(
        reached.summary(&spec),
        [
            "N reached neither 1 nor 2*10^5",
            "K reached 10^9, not 1",
            "A_i reached 1, not 10^9"
        ]
    );
}

/// What `spec_text`'s bounds reached on `input`, which keeps it.
fn summary(spec_text: &str, inputs: &[&str]) -> Vec<String> {
    let spec = spec(spec_text);
    let mut all = Reached::default();
    for input in inputs {
        let mut reached = Reached::default();
        spec.check(&spec.document(input).unwrap(), &mut reached)
            .unwrap();
        all.add(&reached);
    }
    all.summary(&spec)
}

#[test]
fn the_bounds_reached_are_told_for_lengths_and_single_bounds_and_added_up() {
    let strings = "S\n- 1 \\leq |S| \\leq 5\n- S consists of lowercase English letters.";
    assert_eq!(summary(strings, &["a\n"]), ["|S| reached 1, not 5"]);
    assert_eq!(
        summary(strings, &["a\n", "abcde\n"]),
        ["|S| reached 1 and 5"]
    );
    // A bound that is an array's value is no bound of N's.
    assert_eq!(
        summary("N\nA_1 \\ldots A_N\n- 1 \\leq A_i \\leq N", &["2\n1 2\n"]),
        ["A_i reached 1 and N"]
    );
    let single = "N\n- N \\geq 1";
    assert_eq!(summary(single, &["1\n"]), ["N reached 1"]);
    assert_eq!(summary(single, &["2\n"]), ["N never reached 1"]);
    // Row by row: each value beside its bounds of numbers and scalars.
    let rows =
        "N\nL_1 R_1\n\\vdots\nL_N R_N\n- 1 \\leq N \\leq 10\n- 1 \\leq L_i \\leq R_i \\leq N";
    assert_eq!(
        summary(rows, &["2\n1 1\n2 2\n"]),
        [
            "N reached neither 1 nor 10",
            "L_i reached 1",
            "R_i reached N"
        ]
    );
}

#[test]
fn every_value_of_a_grid_is_checked_for_distinct_and_order_allows_equal_values_with_leq() {
    let grid = "H W\nA_{1,1} \\ldots A_{1,W}\n\\vdots\nA_{H,1} \\ldots A_{H,W}\n- 1 \\leq H, W \\leq 9\n- 1 \\leq A_{i,j} \\leq 9\n- All A_{i,j} are distinct.";
    assert!(spec(grid).validate("2 2\n1 2\n3 4\n").is_ok());
    let repeat = invalid(grid, "2 2\n1 2\n3 1\n");
    assert!(
        repeat
            .to_string()
            .starts_with("line 3, token 2: A_{2,2} = 1 equals A_{1,1}"),
        "{repeat}"
    );
    let sorted = "N\nX_1 \\ldots X_N\n- 1 \\leq N \\leq 10\n- 1 \\leq X_1 \\leq X_2 \\leq \\ldots \\leq X_N \\leq 10";
    assert!(spec(sorted).validate("3\n1 3 3\n").is_ok());
    assert!(
        invalid(sorted, "3\n1 3 2\n")
            .to_string()
            .starts_with("line 2, token 3: X_3 = 2 after 3")
    );
}

#[test]
fn a_permutation_has_as_many_values_as_it_permutes() {
    let spec_text = "N M\nP_1 \\ldots P_N\n- 1 \\leq N, M \\leq 5\n- (P_1, \\ldots, P_N) is a permutation of (1, \\ldots, M).";
    assert!(spec(spec_text).validate("2 2\n2 1\n").is_ok());
    let short = invalid(spec_text, "2 3\n2 1\n");
    assert!(
        short
            .to_string()
            .starts_with("line 2, token 2: 2 values, P_2 the last, breaks"),
        "{short}"
    );
}

#[test]
fn rows_of_strings_lengths_and_expressions_of_values_are_checked_row_by_row() {
    let strings = "N\nS_1\n\\vdots\nS_N\n- 1 \\leq N \\leq 5\n- 1 \\leq |S_i| \\leq 3\n- S_i consists of lowercase English letters.";
    assert!(spec(strings).validate("2\nab\nabc\n").is_ok());
    assert_eq!(
        invalid(strings, "2\nab\nabcd\n").to_string(),
        "line 3, token 1: |S_2| = 4 breaks 1 \\leq |S_i| \\leq 3"
    );
    let sum = "N\nA_1 B_1\n\\vdots\nA_N B_N\n- 1 \\leq N \\leq 5\n- 1 \\leq A_i, B_i \\leq 9\n- A_i + 1 \\leq B_i";
    assert!(spec(sum).validate("1\n2 3\n").is_ok());
    assert!(
        invalid(sum, "1\n3 3\n")
            .to_string()
            .contains("breaks A_i + 1 \\leq B_i")
    );
    // The later value of a broken link is blamed, whichever side of the chain it stands on.
    let backwards = "N\nL_1 R_1\n\\vdots\nL_N R_N\n- 1 \\leq N \\leq 5\n- 1 \\leq L_i, R_i \\leq 9\n- R_i \\geq L_i";
    assert_eq!(
        invalid(backwards, "1\n3 2\n").to_string(),
        "line 2, token 2: R_1 = 2 breaks R_i \\geq L_i"
    );
}

#[test]
fn a_grids_values_are_checked_against_their_bounds_and_the_bounds_between_them() {
    let grid = "H W\nA_{1,1} \\ldots A_{1,W}\n\\vdots\nA_{H,1} \\ldots A_{H,W}\n- 1 \\leq H \\leq 5\n- 0 \\leq A_{i,j} \\leq W \\leq 5";
    assert_eq!(
        invalid(grid, "2 2\n0 1\n2 3\n").to_string(),
        "line 3, token 2: A_{2,2} = 3 breaks 0 \\leq A_{i,j} \\leq W \\leq 5"
    );
    assert!(
        invalid(grid, "1 6\n0 1 2 3 4 5\n")
            .to_string()
            .contains("W = 6 breaks")
    );
    assert_eq!(
        summary(grid, &["2 2\n0 1\n2 2\n"]),
        [
            "H reached neither 1 nor 5",
            "A_{i,j} reached 0 and W",
            "W never reached 5"
        ]
    );
}

#[test]
fn a_chain_of_two_variables_or_of_neighbours_blames_the_later() {
    let scalars = "N M\n- 1 \\leq N, M \\leq 10\n- N \\leq M";
    assert_eq!(
        invalid(scalars, "5 3\n").to_string(),
        "line 1, token 2: M = 3 breaks N \\leq M"
    );
    let neighbours =
        "N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 5\n- 1 \\leq A_i \\leq 9\n- A_i \\leq A_{i+1}";
    assert!(spec(neighbours).validate("3\n1 2 2\n").is_ok());
    assert_eq!(
        invalid(neighbours, "3\n1 3 2\n").to_string(),
        "line 2, token 3: A_3 = 2 breaks A_i \\leq A_{i+1}"
    );
}

#[test]
fn an_edge_out_of_its_range_is_no_edge_of_the_graph_and_no_crash() {
    let spec_text = "N\nu_1 v_1\n\\vdots\nu_{N-1} v_{N-1}\n- 2 \\leq N \\leq 5\n- The given graph is a tree.\n- 1 \\leq u_i, v_i \\leq N";
    let out = invalid(spec_text, "3\n1 2\n2 7\n");
    assert!(out.to_string().contains("the graph, in 2 parts"), "{out}");
}

#[test]
fn a_chain_of_one_named_value_or_of_values_beside_a_named_one_is_checked_as_written() {
    let last = "N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 5\n- 1 \\leq A_i \\leq 9\n- A_N \\leq 5";
    assert_eq!(
        invalid(last, "3\n6 1 7\n").to_string(),
        "line 2, token 3: A_3 = 7 breaks A_N \\leq 5"
    );
    let first = "N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 5\n- 1 \\leq A_i \\leq 9\n- A_1 \\leq A_i";
    assert_eq!(
        invalid(first, "3\n2 1 3\n").to_string(),
        "line 2, token 2: A_2 = 1 breaks A_1 \\leq A_i"
    );
    let at_most_last =
        "N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 5\n- 1 \\leq A_i \\leq 9\n- A_i \\leq A_N";
    assert_eq!(
        invalid(at_most_last, "3\n5 1 3\n").to_string(),
        "line 2, token 3: A_3 = 3 breaks A_i \\leq A_N"
    );
    // Row by row, a bound never reached is told so.
    let rows =
        "N\nL_1 R_1\n\\vdots\nL_N R_N\n- 1 \\leq N \\leq 10\n- 1 \\leq L_i \\leq R_i \\leq N";
    assert_eq!(
        summary(rows, &["2\n2 2\n2 2\n"]),
        [
            "N reached neither 1 nor 10",
            "L_i never reached 1",
            "R_i reached N"
        ]
    );
    assert_eq!(
        summary(rows, &["2\n1 1\n1 1\n"]),
        [
            "N reached neither 1 nor 10",
            "L_i reached 1",
            "R_i never reached N"
        ]
    );
}

#[test]
fn strict_comparisons_hold_only_apart() {
    let above = "N\n- N > 1\n- N \\leq 5";
    assert_eq!(
        invalid(above, "1\n").to_string(),
        "line 1, token 1: N = 1 breaks N > 1"
    );
    assert!(spec(above).validate("2\n").is_ok());
    let below = "N M\n- 1 \\leq N, M \\leq 9\n- N < M";
    assert_eq!(
        invalid(below, "3 3\n").to_string(),
        "line 1, token 2: M = 3 breaks N < M"
    );
    assert!(spec(below).validate("3 4\n").is_ok());
    let at_least = "N M\n- 1 \\leq N, M \\leq 9\n- N \\geq M";
    assert!(spec(at_least).validate("3 3\n").is_ok());
    assert_eq!(
        invalid(at_least, "3 4\n").to_string(),
        "line 1, token 2: M = 4 breaks N \\geq M"
    );
}

#[test]
fn a_count_of_zero_is_an_empty_line_or_none_and_a_count_out_of_reach_is_named() {
    let text = "N\nA_1 \\ldots A_N\nM\n- 0 \\leq N \\leq 5\n- 1 \\leq A_i, M \\leq 9";
    assert!(spec(text).validate("0\n\n5\n").is_ok());
    assert!(spec(text).validate("0\n5\n").is_ok());
    assert_eq!(
        invalid(text, "0\n\n\n5\n").to_string(),
        "line 3: 0 tokens, where the format has 1: M"
    );
    // The line where what it counts would start.
    assert_eq!(
        invalid(text, "-3\n").to_string(),
        "line 2: a count of the format, N, is not a count here"
    );
    let rows = "N\nA_1\n\\vdots\nA_N\n- 0 \\leq N \\leq 5\n- 1 \\leq A_i \\leq 9";
    assert_eq!(
        invalid(rows, "-3\n").to_string(),
        "line 2: a count of the format, N, is not a count here"
    );
    for empty in ["", "\n\n"] {
        assert_eq!(
            invalid(text, empty).to_string(),
            "line 1: the input ends where the format has N more"
        );
    }
}

#[test]
fn a_query_s_value_is_named_by_its_token_after_the_kind() {
    let queries = "Q\n\\mathrm{query}_1\n\\vdots\n\\mathrm{query}_Q\nin one of the following formats:\n1 x\n2 x y\n- 1 \\leq Q \\leq 10\n- 1 \\leq x \\leq 10\n- 1 \\leq y \\leq 10";
    assert_eq!(
        invalid(queries, "1\n2 x 4\n").to_string(),
        "line 2, token 2: `x` is not an integer (x)"
    );
    assert_eq!(
        invalid(queries, "1\n2 3 y\n").to_string(),
        "line 2, token 3: `y` is not an integer (y)"
    );
}

#[test]
fn a_query_of_one_numbered_kind_has_that_number_and_one_of_no_number_none() {
    let numbered = "Q\n\\mathrm{query}_1\n\\vdots\n\\mathrm{query}_Q\nin one of the following formats:\n1 x\n- 1 \\leq Q \\leq 10\n- 1 \\leq x \\leq 10";
    assert!(spec(numbered).validate("1\n1 5\n").is_ok());
    assert_eq!(
        invalid(numbered, "1\n2 5\n").to_string(),
        "line 2, token 1: `2` is not the kind of a query: 1"
    );
    let plain = numbered.replace("1 x\n", "x\n");
    assert!(spec(&plain).validate("2\n5\n7\n").is_ok());
}

#[test]
fn the_bounds_reached_are_shown_as_the_spec_writes_them() {
    let sums = "N K\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 10\n- 0 \\leq K \\leq N - (1 + 1)\n- -(N + 1) \\leq A_i \\leq 5";
    assert_eq!(
        summary(sums, &["3 1\n-4 5 5\n"]),
        [
            "N reached neither 1 nor 10",
            "K reached N-(1+1), not 0",
            "A_i reached -(N+1) and 5"
        ]
    );
    // An index named in the spec keeps its name.
    assert_eq!(
        summary("N\nA_1 \\ldots A_N\n- 1 \\leq A_k \\leq N", &["2\n1 2\n"]),
        ["A_k reached 1 and N"]
    );
    let lengths =
        "H W\nS_1\n\\vdots\nS_H\n- 1 \\leq H, W \\leq 5\n- |S| = W\n- S_i consists of `.` and `#`.";
    assert_eq!(
        summary(lengths, &["2 3\n...\n.#.\n"]),
        [
            "H reached neither 1 nor 5",
            "W reached neither 1 nor 5",
            "|S_i| reached W"
        ]
    );
}

#[test]
fn a_count_below_zero_or_beyond_any_input_is_no_count() {
    let text = "N\nA_1 \\ldots A_N\n- 0 \\leq N \\leq 5\n- 1 \\leq A_i \\leq 9";
    let no_count = "line 2: a count of the format, N, is not a count here";
    for count in ["-1", "67108865"] {
        assert_eq!(
            invalid(text, &format!("{count}\n1 2\n")).to_string(),
            no_count,
            "{count}"
        );
    }
    // The largest count any index reaches: a count, then too few values, found as fast as
    // in an input of that many.
    let rows = "N\nA_1\n\\vdots\nA_N\n- 0 \\leq N \\leq 5\n- 1 \\leq A_i \\leq 9";
    assert_eq!(
        invalid(rows, "67108864\n1\n").to_string(),
        "line 3: the input ends where the format has A_2 more"
    );
    let largest = invalid(text, "67108864\n1 2\n").to_string();
    assert_eq!(
        largest,
        "line 2: 2 tokens, where the format has 67108864: A_1 A_2 ... A_67108864"
    );
}

#[test]
fn an_index_that_is_a_scalar_of_the_input_is_its_value() {
    let text = "N k\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 5\n- 1 \\leq k \\leq N\n- 1 \\leq A_i \\leq 9\n- A_k \\leq 5";
    assert!(spec(text).validate("3 2\n9 5 9\n").is_ok());
    assert_eq!(
        invalid(text, "3 2\n1 6 1\n").to_string(),
        "line 2, token 2: A_2 = 6 breaks A_k \\leq 5"
    );
}
