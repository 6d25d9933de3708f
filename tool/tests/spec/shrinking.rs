//! An input made smaller by its structure: test cases dropped, a size lowered with all it counts,
//! a tree kept a tree, strings' letters lowered, numbers set.

use super::{ARRAY, CASES, TREE, spec};
use atcoder_games_tool::spec::Spec;

/// `input` without `count` units from `start`, as text; None if nothing is cut.
fn without(spec: &Spec, input: &str, start: usize, count: usize) -> Option<String> {
    let document = spec.document(input).unwrap();
    let units = spec.units(&document);
    Some(spec.text(&spec.without_units(&document, &units, start, count)?))
}

#[test]
fn a_unit_of_a_size_takes_its_item_with_it() {
    let spec = spec(ARRAY);
    assert_eq!(without(&spec, "3 5\n7 8 9\n", 1, 1).unwrap(), "2 5\n7 9\n");
    assert_eq!(without(&spec, "3 5\n7 8 9\n", 0, 2).unwrap(), "1 5\n9\n");
    assert_eq!(without(&spec, "3 5\n7 8 9\n", 3, 1), None);
}

#[test]
fn a_vertex_of_a_tree_goes_with_its_edges_and_a_tree_is_left() {
    let spec = spec(TREE);
    // A star at 2: cutting 2 joins 1, 3 and 4 to 1.
    let smaller = without(&spec, "4\n1 2\n2 3\n2 4\n", 1, 1).unwrap();
    assert_eq!(smaller, "3\n1 2\n1 3\n");
    spec.validate(&smaller).unwrap();
    for start in 0..6 {
        let input = "6\n1 2\n2 3\n3 4\n4 5\n2 6\n";
        let smaller = without(&spec, input, start, 1).unwrap();
        spec.validate(&smaller)
            .unwrap_or_else(|invalid| panic!("{invalid}\n{smaller}"));
    }
}

#[test]
fn a_vertex_of_a_graph_goes_with_its_edges_and_their_count() {
    let spec = spec(
        "N M\nu_1 v_1\n\\vdots\nu_M v_M\n- 1 \\leq N \\leq 10\n- 0 \\leq M \\leq 10\n- 1 \\leq u_i, v_i \\leq N\n- The given graph is simple.",
    );
    assert_eq!(
        without(&spec, "4 3\n1 2\n2 3\n3 4\n", 1, 1).unwrap(),
        "3 1\n2 3\n"
    );
    // A unit of M is an edge.
    assert_eq!(
        without(&spec, "4 3\n1 2\n2 3\n3 4\n", 5, 1).unwrap(),
        "4 2\n1 2\n3 4\n"
    );
}

#[test]
fn a_grid_loses_a_row_or_a_column_and_strings_a_letter() {
    let spec = spec(
        "H W\nS_1\n\\vdots\nS_H\n- 1 \\leq H, W \\leq 9\n- S_i is a string of length W consisting of `.` and `#`.",
    );
    let input = "2 3\n.#.\n##.\n";
    // Units: H's 2 rows, then W's 3 columns.
    assert_eq!(without(&spec, input, 0, 1).unwrap(), "1 3\n##.\n");
    assert_eq!(without(&spec, input, 3, 1).unwrap(), "2 2\n..\n#.\n");
    let numbers = spec_of_numbers();
    assert_eq!(
        without(&numbers, "2 2\n1 2\n3 4\n", 3, 1).unwrap(),
        "2 1\n1\n3\n"
    );
}

fn spec_of_numbers() -> Spec {
    spec(
        "H W\nA_{1,1} \\ldots A_{1,W}\n\\vdots\nA_{H,1} \\ldots A_{H,W}\n- 1 \\leq H, W \\leq 9\n- 0 \\leq A_{i,j} \\leq 9",
    )
}

#[test]
fn test_cases_and_queries_are_dropped_with_their_counts() {
    let spec = spec(CASES);
    let document = spec.document("3\n1\nA\n2\nBC\n1\nC\n").unwrap();
    let smaller = spec.without_cases(&document, 1, 1).unwrap();
    assert_eq!(spec.text(&smaller), "2\n1\nA\n1\nC\n");
    assert!(
        spec.without_cases(&document, 0, 3).is_none(),
        "no case would be left"
    );
    let queries = super::spec(
        "Q\n\\mathrm{query}_1\n\\vdots\n\\mathrm{query}_Q\nin one of the following formats:\n1 x\n2 x y\n- 1 \\leq Q \\leq 10\n- 1 \\leq x, y \\leq 10",
    );
    assert_eq!(
        without(&queries, "3\n1 5\n2 3 4\n1 1\n", 1, 1).unwrap(),
        "2\n1 5\n1 1\n"
    );
}

#[test]
fn strings_are_lowered_to_the_smallest_letter_and_numbers_set() {
    let spec = spec("S\nN\n- |S| = 3\n- S consists of `B` and `C`.\n- 1 \\leq N \\leq 10");
    let document = spec.document("CBC\n7\n").unwrap();
    let simpler: Vec<String> = spec
        .simpler(&document)
        .iter()
        .map(|lowered| spec.text(lowered))
        .collect();
    assert_eq!(simpler, ["BBB\n7\n"]);
    assert_eq!(spec.numbers(&document), [7]);
    assert_eq!(
        spec.text(&spec.with_numbers(&document, &[1]).unwrap()),
        "CBC\n1\n"
    );
}

#[test]
fn test_cases_are_counted_and_cut_only_where_they_are_and_each_cases_size_is_a_unit() {
    let spec = spec(CASES);
    let document = spec.document("3\n1\nA\n2\nBC\n1\nC\n").unwrap();
    assert_eq!(spec.cases(&document), 3);
    assert!(
        spec.without_cases(&document, 3, 1).is_none(),
        "no case there"
    );
    assert!(spec.without_cases(&document, 1, 0).is_none(), "nothing cut");
    // A count past the end cuts the cases there.
    let to_the_end = spec.without_cases(&document, 2, 5).unwrap();
    assert_eq!(spec.text(&to_the_end), "2\n1\nA\n2\nBC\n");
    // Each case's N is a size, T is not: a letter of each case's S.
    let units = spec.units(&document);
    let scopes: Vec<usize> = units.iter().map(|unit| unit.scope).collect();
    assert_eq!(scopes, [1, 2, 2, 3]);
    assert!(units.iter().all(|unit| unit.size == "N"));
    let smaller = spec.without_units(&document, &units, 2, 1).unwrap();
    assert_eq!(spec.text(&smaller), "3\n1\nA\n1\nB\n1\nC\n");
}

#[test]
fn a_string_whose_length_a_size_is_loses_the_units_letter() {
    let spec = spec(
        "N\nS\n- 1 \\leq N \\leq 10\n- S is a string of length N consisting of lowercase English letters.",
    );
    assert_eq!(without(&spec, "3\nabc\n", 1, 1).unwrap(), "2\nac\n");
}

#[test]
fn a_run_whose_count_falls_by_more_than_one_is_not_cut_item_by_item() {
    // N counts 2N values: a unit of N is no single item of them, so none is cut, and the
    // first 2N are written.
    let spec = spec("N\nA_1 \\ldots A_{2N}\n- 1 \\leq N \\leq 10\n- 1 \\leq A_i \\leq 10");
    assert_eq!(without(&spec, "2\n1 2 3 4\n", 0, 1).unwrap(), "1\n1 2\n");
}

#[test]
fn the_edges_are_the_rows_the_graph_names_not_the_first_rows() {
    let spec = spec(
        "N\nA_1 B_1\n\\vdots\nA_N B_N\nu_1 v_1\n\\vdots\nu_{N-1} v_{N-1}\n- 2 \\leq N \\leq 10\n- 1 \\leq A_i, B_i \\leq 100\n- 1 \\leq u_i, v_i \\leq N\n- The given graph is a tree.",
    );
    let input = "3\n10 20\n30 40\n50 60\n1 2\n2 3\n";
    let smaller = without(&spec, input, 0, 1).unwrap();
    assert_eq!(smaller, "2\n30 40\n50 60\n1 2\n");
    spec.validate(&smaller).unwrap();
}

#[test]
fn the_strings_of_test_cases_and_of_grids_are_lowered_each_alone() {
    let cases = spec(CASES);
    let document = cases.document("2\n2\nBA\n1\nC\n").unwrap();
    let simpler: Vec<String> = (cases.simpler(&document).iter())
        .map(|lowered| cases.text(lowered))
        .collect();
    assert_eq!(simpler, ["2\n2\nAA\n1\nC\n", "2\n2\nBA\n1\nA\n"]);
    let grid = spec(
        "H W\nS_1\n\\vdots\nS_H\n- 1 \\leq H, W \\leq 9\n- S_i is a string of length W consisting of `.` and `#`.",
    );
    let document = grid.document("2 2\n.#\n##\n").unwrap();
    let simpler: Vec<String> = (grid.simpler(&document).iter())
        .map(|lowered| grid.text(lowered))
        .collect();
    assert_eq!(simpler, ["2 2\n##\n##\n"]);
}

#[test]
fn a_string_shorter_than_its_size_says_is_cut_where_it_has_letters_only() {
    // An input given to shrink may break its spec: its string is two letters where N says 3.
    let spec = spec(
        "N\nS\n- 1 \\leq N \\leq 10\n- S is a string of length N consisting of lowercase English letters.",
    );
    assert_eq!(without(&spec, "3\nab\n", 2, 1).unwrap(), "2\nab\n");
}

#[test]
fn a_grid_of_numbers_loses_a_row_by_its_first_index() {
    let numbers = spec_of_numbers();
    assert_eq!(
        without(&numbers, "2 2\n1 2\n3 4\n", 0, 1).unwrap(),
        "1 2\n3 4\n"
    );
}

#[test]
fn the_queries_after_one_cut_keep_their_own_values() {
    let queries = super::spec(
        "Q\n\\mathrm{query}_1\n\\vdots\n\\mathrm{query}_Q\nin one of the following formats:\n1 x\n2 x y\n- 1 \\leq Q \\leq 10\n- 1 \\leq x, y \\leq 10",
    );
    assert_eq!(
        without(&queries, "3\n2 3 4\n1 5\n1 6\n", 0, 1).unwrap(),
        "2\n1 5\n1 6\n"
    );
}

#[test]
fn a_size_may_be_cut_down_to_none() {
    // Whether none keeps the constraints is the caller's to check.
    let spec = spec(ARRAY);
    assert_eq!(without(&spec, "1 5\n7\n", 0, 1).unwrap(), "0 5\n\n");
}

#[test]
fn cases_cut_from_the_middle_to_past_the_end_and_a_cases_grid_lowered() {
    let spec = spec(CASES);
    let document = spec.document("3\n1\nA\n2\nBC\n1\nC\n").unwrap();
    assert_eq!(
        spec.text(&spec.without_cases(&document, 1, 5).unwrap()),
        "1\n1\nA\n"
    );
    let grids = super::spec(
        "T\n\\mathrm{case}_1\n\\vdots\n\\mathrm{case}_T\nEach case is given in the following format:\nH\nS_1\n\\vdots\nS_H\n- 1 \\leq T \\leq 5\n- 1 \\leq H \\leq 5\n- S_i is a string of length 2 consisting of `a` and `b`.",
    );
    let document = grids.document("2\n1\nab\n1\nba\n").unwrap();
    let simpler: Vec<String> = (grids.simpler(&document).iter())
        .map(|lowered| grids.text(lowered))
        .collect();
    assert_eq!(simpler, ["2\n1\naa\n1\nba\n", "2\n1\nab\n1\naa\n"]);
}
