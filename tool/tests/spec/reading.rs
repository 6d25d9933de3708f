//! Reading a spec: AtCoder's markup and plain typing alike, every form of the Input format, and
//! a line it does not read named, never dropped.

use super::spec;
use atcoder_games_tool::spec::{Cell, Item, Rule, Spec};

#[test]
fn markup_plain_typing_and_symbols_read_alike() {
    let markup =
        spec("N\nA_1 A_2 \\ldots A_N\n- 1 \\leq N \\leq 2 \\times 10^5\n- 1 \\leq A_i \\leq 10^9");
    let plain = spec("N\nA_1 A_2 ... A_N\n- 1 <= N <= 2*10^5\n- 1 <= A_i <= 10^9");
    let symbols = spec("N\nA_1 A_2 … A_N\n・1 ≤ N ≤ 2×10^5\n・1 ≤ A_i ≤ 10^9");
    let tagged = spec(
        "<pre><var>N</var>\n<var>A_1</var> <var>A_2</var> <var>\\ldots</var> <var>A_N</var></pre>\n<ul>\n<li><var>1 \\leq N \\leq 2 \\times 10^5</var></li>\n<li><var>1 \\leq A_i \\leq 10^9</var></li></ul>",
    );
    for other in [&plain, &symbols, &tagged] {
        assert_eq!(other.top, markup.top);
        let rules = |spec: &Spec| {
            spec.constraints
                .iter()
                .map(|c| c.rule.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(rules(other), rules(&markup));
    }
    assert_eq!(markup.top.len(), 2);
    assert!(
        matches!(&markup.top[1], Item::Line(cells) if matches!(cells.as_slice(), [Cell::Run { .. }]))
    );
}

#[test]
fn headings_and_the_sentences_before_a_format_are_passed_over_and_the_output_ends_it() {
    let spec = spec(
        "Input\nInput is given from Standard Input in the following format:\nN\nConstraints\n- 1 \\leq N \\leq 10\nOutput\nPrint the answer.\nSample Input 1\n3",
    );
    assert_eq!(spec.top.len(), 1);
    assert_eq!(spec.constraints.len(), 1);
}

#[test]
fn a_vdots_makes_rows_and_a_grid_of_numbers() {
    let rows =
        spec("N M\nu_1 v_1\n\\vdots\nu_M v_M\n- 1 \\leq N, M \\leq 9\n- 1 \\leq u_i, v_i \\leq N");
    assert!(matches!(&rows.top[1], Item::Rows { cells, .. } if cells.len() == 2));
    let grid = spec(
        "H W\nA_{1,1} \\ldots A_{1,W}\n\\vdots\nA_{H,1} \\ldots A_{H,W}\n- 1 \\leq H, W \\leq 9\n- 0 \\leq A_{i,j} \\leq 9",
    );
    assert!(
        matches!(&grid.top[1], Item::Rows { cells, .. } if matches!(cells.as_slice(), [Cell::Run { .. }]))
    );
    assert_eq!(grid.variables["A"].dimensions, 2);
}

#[test]
fn queries_and_test_cases_are_blocks_of_their_own() {
    let queries = spec(
        "Q\n\\mathrm{query}_1\n\\vdots\n\\mathrm{query}_Q\nEach query is given in one of the following formats:\n1 x\n2 x y\n- 1 \\leq Q \\leq 10\n- 1 \\leq x, y \\leq 10",
    );
    assert!(matches!(queries.top[1], Item::Queries { .. }));
    assert_eq!(queries.queries.len(), 2);
    let cases = spec(super::CASES);
    assert!(matches!(cases.top[1], Item::Cases { .. }));
    assert_eq!(cases.case.len(), 2);
    assert!(
        cases
            .constraints
            .iter()
            .any(|c| matches!(c.rule, Rule::Sum { .. }))
    );
}

#[test]
fn every_kind_of_constraint_is_read() {
    let spec = spec(
        "N M\nA_1 \\ldots A_N\nP_1 \\ldots P_N\nS\nu_1 v_1\n\\vdots\nu_M v_M\n\
         - 2 \\leq N \\leq 10\n- N - 1 \\leq M \\leq \\min(10, N(N-1)/2)\n- 1 \\leq A_1 < A_2 < \\ldots < A_N \\leq 100\n\
         - (P_1, \\ldots, P_N) is a permutation of (1, \\ldots, N).\n- |S| = N\n- S consists of digits.\n\
         - 1 \\leq u_i < v_i \\leq N\n- (u_i, v_i) \\neq (u_j, v_j) (i \\neq j)\n- The given graph is simple and connected.\n\
         - All values in input are integers.",
    );
    let rules: Vec<&Rule> = spec.constraints.iter().map(|c| &c.rule).collect();
    assert!(
        rules
            .iter()
            .any(|r| matches!(r, Rule::Sorted { strict: true, .. }))
    );
    assert!(rules.iter().any(|r| matches!(r, Rule::Permutation { .. })));
    assert!(
        rules
            .iter()
            .any(|r| matches!(r, Rule::Distinct { names } if names.len() == 2))
    );
    assert!(
        rules
            .iter()
            .any(|r| matches!(r, Rule::Letters { letters, .. } if letters == b"0123456789"))
    );
    let graph = spec.graph.expect("a graph");
    assert!(graph.shape.simple && graph.shape.connected && !graph.shape.tree);
    assert!(graph.ordered);
    assert!(spec.variables["N"].size && spec.variables["M"].size);
}

#[test]
fn the_letters_of_a_string_are_read_as_listed() {
    let letters = |line: &str| {
        let spec = spec(&format!("S\n- |S| = 3\n- {line}"));
        spec.variables["S"].letters.clone().expect("letters")
    };
    assert_eq!(letters("S consists of `.` and `#`."), b"#.");
    assert_eq!(letters("S consists of `A`, `C`, `G` or `T`."), b"ACGT");
    assert_eq!(
        letters("S consists of uppercase English letters."),
        (b'A'..=b'Z').collect::<Vec<_>>()
    );
    assert_eq!(
        letters("S is a string consisting of lowercase English letters."),
        (b'a'..=b'z').collect::<Vec<_>>()
    );
}

#[test]
fn a_line_the_spec_does_not_read_is_an_error_that_names_it_and_the_forms() {
    let error =
        Spec::read("N\n- 1 \\leq N \\leq 10\n- There is at least one query of the third kind.")
            .unwrap_err();
    assert_eq!(error.line, Some(3));
    assert!(
        error.message.contains("There is at least one query"),
        "{error}"
    );
    assert!(error.message.contains("a chain of comparisons"), "{error}");
    let format = Spec::read("N\nA_1 \\ldots\n- 1 \\leq N \\leq 10").unwrap_err();
    assert_eq!(format.line, Some(2), "{format}");
    let unknown = Spec::read("N\n- 1 \\leq M \\leq 10").unwrap_err();
    assert!(unknown.message.contains("M is not a variable"), "{unknown}");
    let no_letters = Spec::read("S\n- 1 \\leq |S| \\leq 10").unwrap_err();
    assert!(no_letters.message.contains("letters of S"), "{no_letters}");
    let no_format = Spec::read("- 1 \\leq N \\leq 10").unwrap_err();
    assert!(no_format.message.contains("no Input format"), "{no_format}");
}

#[test]
fn integers_distinct_letters_and_permutations_are_read_as_sentences_say_them() {
    for line in [
        "All input values are integers.",
        "A_i are integers.",
        "N is an integer.",
    ] {
        let spec = spec(&format!(
            "N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 5\n- 1 \\leq A_i \\leq 5\n- {line}"
        ));
        assert!(
            spec.constraints.iter().any(|c| c.rule == Rule::Integers),
            "{line}"
        );
    }
    let lowercase = spec(
        "N\na_1 \\ldots a_N\n- 1 \\leq N \\leq 5\n- 1 \\leq a_i \\leq 9\n- a_i are pairwise distinct.",
    );
    assert!(
        lowercase
            .constraints
            .iter()
            .any(|c| matches!(&c.rule, Rule::Distinct { names } if names == &["a"]))
    );
    let longer = spec("AB\n- |AB| = 3\n- AB consists of lowercase English letters.");
    assert!(longer.variables["AB"].letters.is_some());
    let to = spec("N\nP_1 \\ldots P_N\n- 1 \\leq N \\leq 5\n- P is a permutation of 1 to N.");
    assert!(to.validate("3\n3 1 2\n").is_ok());
    assert!(to.validate("3\n3 1 3\n").is_err());
}

#[test]
fn letters_are_read_by_class_or_one_by_one_quoted_or_not() {
    let letters = |line: &str| {
        let spec = spec(&format!("S\n- |S| = 3\n- {line}"));
        spec.variables["S"].letters.clone().expect("letters")
    };
    let lower: Vec<u8> = (b'a'..=b'z').collect();
    let upper: Vec<u8> = (b'A'..=b'Z').collect();
    let both: Vec<u8> = lower.iter().chain(&upper).copied().collect();
    assert_eq!(
        letters("S consists of lowercase and uppercase English letters."),
        both
    );
    assert_eq!(letters("S consists of English letters."), both);
    assert_eq!(letters("S consists of digits."), b"0123456789");
    assert_eq!(letters("S consists of `0` and `1`."), b"01");
    assert_eq!(letters("S consists of 0 and 1."), b"01");
    assert_eq!(letters("S consists of `+` and `-`."), b"+-");
    assert_eq!(letters("S consists of A and B only."), b"AB");
    // Quotes around more than a character only stress it.
    assert_eq!(
        letters("S consists of `lowercase English letters`."),
        (b'a'..=b'z').collect::<Vec<_>>()
    );
}

#[test]
fn a_note_on_the_indices_after_a_chain_is_read_as_what_it_says() {
    let ranged =
        spec("N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 5\n- 1 \\leq A_i \\leq 10 (1 \\leq i \\leq N)");
    assert!(ranged.validate("2\n1 10\n").is_ok());
    assert!(ranged.validate("2\n1 11\n").is_err());
    let differ = spec(
        "N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 5\n- 1 \\leq A_i \\leq 10\n- A_i \\neq A_j (i \\neq j)",
    );
    assert!(
        differ
            .constraints
            .iter()
            .any(|c| matches!(&c.rule, Rule::Distinct { names } if names == &["A"]))
    );
    assert!(differ.validate("2\n3 3\n").is_err());
}

#[test]
fn a_chain_compares_and_has_at_most_eight_terms() {
    assert!(Spec::read("N\n- 1 \\leq N \\leq 5\n- N").is_err());
    let eight = spec("A B C D E F\n- 0 \\leq A \\leq B \\leq C \\leq D \\leq E \\leq F \\leq 9");
    assert!(eight.validate("1 2 3 4 5 6\n").is_ok());
    assert!(eight.validate("1 2 3 4 6 5\n").is_err());
    let nine = "A B C D E F G\n- 0 \\leq A \\leq B \\leq C \\leq D \\leq E \\leq F \\leq G \\leq 9";
    assert!(Spec::read(nine).is_err());
}

#[test]
fn parentheses_make_a_row_a_factor_or_a_function_s_arguments() {
    let rows = spec(
        "N M\nu_1 v_1\n\\vdots\nu_M v_M\n- 1 \\leq N \\leq 5\n- 0 \\leq M \\leq 5\n- 1 \\leq u_i, v_i \\leq N\n- (u_i, v_i) \\neq (u_j, v_j)",
    );
    assert!(
        rows.constraints
            .iter()
            .any(|c| matches!(&c.rule, Rule::Distinct { names } if names == &["u", "v"]))
    );
    assert!(rows.validate("3 2\n1 2\n2 1\n").is_ok());
    assert!(rows.validate("3 2\n1 2\n1 2\n").is_err());
    let factor = spec("N M\n- 1 \\leq N \\leq 5\n- 1 \\leq M \\leq (N + 1) \\times 2");
    assert!(factor.validate("2 6\n").is_ok());
    assert!(factor.validate("2 7\n").is_err());
    let arguments = spec("a b x\n- 1 \\leq a, b \\leq 9\n- 1 \\leq x \\leq \\min(a, b)");
    assert!(arguments.validate("3 5 3\n").is_ok());
    assert!(arguments.validate("3 5 4\n").is_err());
    assert!(Spec::read("N\n- (1 \\leq N \\leq 5)").is_err());
}

#[test]
fn an_order_is_read_with_a_bound_on_either_side_or_none() {
    let rules_of_line = |spec: &Spec, line: usize| -> Vec<Rule> {
        spec.constraints
            .iter()
            .filter(|c| c.line == line)
            .map(|c| c.rule.clone())
            .collect()
    };
    let none = spec(
        "N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 5\n- 1 \\leq A_i \\leq 9\n- A_1 < A_2 < \\ldots < A_N",
    );
    let sorted = Rule::Sorted {
        name: "A".into(),
        strict: true,
    };
    assert_eq!(rules_of_line(&none, 5), [sorted]);
    assert!(none.validate("3\n1 2 9\n").is_ok());
    assert!(none.validate("3\n1 1 9\n").is_err());
    let below = spec(
        "N\nX_1 \\ldots X_N\n- 1 \\leq N \\leq 5\n- X_i \\leq 9\n- N \\leq X_1 \\leq X_2 \\leq \\ldots \\leq X_N",
    );
    assert!(below.validate("3\n3 3 9\n").is_ok());
    assert!(below.validate("3\n2 3 9\n").is_err());
    assert!(below.validate("3\n3 4 3\n").is_err());
    let above = spec("N\nX_1 \\ldots X_N\n- 1 \\leq N \\leq 5\n- X_1 < \\ldots < X_N \\leq 9");
    assert!(above.validate("2\n-5 9\n").is_ok());
    assert!(above.validate("2\n1 10\n").is_err());
    let both =
        spec("N\nX_1 \\ldots X_N\n- 1 \\leq N \\leq 5\n- 1 \\leq X_1 < \\ldots < X_N \\leq 9");
    assert!(both.validate("2\n1 9\n").is_ok());
    assert!(both.validate("2\n0 9\n").is_err());
    for unread in [
        "A_1 > A_2 > \\ldots > A_N",
        "A_1 < B_2 < \\ldots < A_N",
        "1 \\leq A_1 < \\ldots \\leq 9",
        "0 \\leq 1 \\leq A_1 < \\ldots < A_N",
        "A_1 < \\ldots < A_N \\leq 9 \\leq 10",
    ] {
        let text = format!(
            "N\nA_1 \\ldots A_N\nB_1 \\ldots B_N\n- 1 \\leq N \\leq 5\n- 1 \\leq A_i, B_i \\leq 9\n- {unread}"
        );
        assert!(Spec::read(&text).is_err(), "{unread}");
    }
}

#[test]
fn the_sentences_before_a_format_say_whose_format_it_is() {
    let one_form = spec(
        "Q\n\\mathrm{query}_1\n\\vdots\n\\mathrm{query}_Q\nEach query is given in the following form:\nl r\n- 1 \\leq Q \\leq 5\n- 1 \\leq l, r \\leq 9",
    );
    assert_eq!(one_form.queries.len(), 1);
    assert_eq!(one_form.queries[0].number, None);
    assert!(one_form.validate("2\n1 2\n3 4\n").is_ok());
    assert!(one_form.validate("2\n1 2\n3\n").is_err());
    let plain = spec("Input is given from Standard Input.\nN\n- 1 \\leq N \\leq 5");
    assert_eq!(plain.top.len(), 1);
    // A line of a query's kind is one only among the queries.
    assert!(Spec::read("N\n1 x\n- 1 \\leq N, x \\leq 5").is_err());
}

#[test]
fn constraints_name_the_format_s_variables_and_rows_of_at_most_two() {
    let index = Spec::read("N\n- 1 \\leq N \\leq 5\n- 1 \\leq i \\leq N").unwrap_err();
    assert!(index.message.contains("i is not a variable"), "{index}");
    let three = Spec::read(
        "N\na_1 b_1 c_1\n\\vdots\na_N b_N c_N\n- 1 \\leq N \\leq 5\n- 1 \\leq a_i, b_i, c_i \\leq 9\n- (a_i, b_i, c_i) \\neq (a_j, b_j, c_j)",
    )
    .unwrap_err();
    assert!(three.message.contains("at most two values"), "{three}");
}

#[test]
fn a_graph_s_vertices_are_the_scalar_its_ends_are_bounded_by_and_its_order_is_told() {
    let graph = |constraints: &str| {
        spec(&format!(
            "N M K\nu_1 v_1\n\\vdots\nu_M v_M\n- 2 \\leq N \\leq 10\n- 1 \\leq K \\leq N\n- 1 \\leq M \\leq 10\n{constraints}- The given graph is simple."
        ))
        .graph
        .expect("a graph")
    };
    let ordered = graph("- u_i < v_i\n- 1 \\leq u_i, v_i \\leq N\n");
    assert_eq!(ordered.vertices, "N");
    assert!(ordered.ordered);
    let avoiding = graph("- u_i, v_i \\neq K\n- 1 \\leq u_i, v_i \\leq N\n");
    assert_eq!(avoiding.vertices, "N");
    assert!(!avoiding.ordered);
    let reversed = graph("- 1 \\leq v_i < u_i \\leq N\n");
    assert_eq!(reversed.vertices, "N");
    assert!(!reversed.ordered);
}

#[test]
fn a_query_s_values_are_its_own_in_every_term_of_a_constraint() {
    let queries = spec(
        "N Q\n\\mathrm{query}_1\n\\vdots\n\\mathrm{query}_Q\nEach query is given in one of the following formats:\n1 l_q r_q\n2 x_q\n\
         - 1 \\leq N, Q \\leq 5\n- 1 \\leq l_q \\leq r_q \\leq N\n- r_q - l_q \\leq 2\n- -x_q \\leq -2\n- \\max(x_q, 3) \\leq N\n- 1 \\leq x_q \\leq 9",
    );
    assert!(queries.validate("5 2\n1 1 3\n2 2\n").is_ok());
    for (input, broken) in [
        ("5 1\n1 1 4\n", "r_q - l_q"),
        ("5 1\n2 1\n", "-x_q"),
        ("4 1\n2 5\n", "\\max(x_q, 3)"),
    ] {
        let error = queries.validate(input).unwrap_err();
        assert!(error.to_string().contains(broken), "{input}: {error}");
    }
}

#[test]
fn a_whole_array_in_a_chain_stands_for_each_of_its_values() {
    let grid = spec(
        "H W\nS_1\n\\vdots\nS_H\n- 1 \\leq H, W \\leq 5\n- |S| = W\n- S_i consists of `.` and `#`.",
    );
    assert!(grid.validate("2 3\n...\n.#.\n").is_ok());
    assert!(grid.validate("2 3\n..\n...\n").is_err());
}

#[test]
fn a_scalar_beside_a_size_in_a_chain_is_a_size_too() {
    let spec = spec(
        "N M K\nA_1 \\ldots A_M\n- 1 \\leq N \\leq 10\n- 1 \\leq K \\leq 10\n- 1 \\leq M \\leq 2N\n- 1 \\leq A_i \\leq 2K",
    );
    assert!(spec.variables["M"].size && spec.variables["N"].size);
    assert!(!spec.variables["K"].size);
}

#[test]
fn tags_on_lines_of_their_own_are_passed_over() {
    let tagged =
        spec("<pre>\n<var>N</var>\n</pre>\n<ul>\n<li><var>1 \\leq N \\leq 5</var></li>\n</ul>");
    assert_eq!(tagged.top.len(), 1);
    assert!(tagged.validate("5\n").is_ok());
}

#[test]
fn a_run_or_rows_are_one_name_from_one_bound_to_another() {
    assert!(Spec::read("N\nA_1 \\ldots B_N\n- 1 \\leq N \\leq 5").is_err());
    // A line of marks alone is no line of a format.
    assert!(Spec::read("N\n;\n- 1 \\leq N \\leq 5").is_err());
    let ragged = "H W V\nA_{1,1} \\ldots A_{1,W}\n\\vdots\nA_{H,1} \\ldots A_{H,V}\n- 1 \\leq H, W, V \\leq 5\n- 1 \\leq A_{i,j} \\leq 9";
    assert!(Spec::read(ragged).is_err());
    // Named like a block, but no block: an array `Q`, a grid's column `q`.
    let array = spec("N\nQ_1\n\\vdots\nQ_N\n- 1 \\leq N \\leq 5\n- 1 \\leq Q_i \\leq 9");
    assert!(matches!(array.top[1], Item::Rows { .. }));
    assert!(array.validate("2\n3\n4\n").is_ok());
    let column =
        spec("H\nq_{1,1}\n\\vdots\nq_{H,1}\n- 1 \\leq H \\leq 5\n- 1 \\leq q_{i,j} \\leq 9");
    assert!(matches!(column.top[1], Item::Rows { .. }));
    assert!(column.validate("2\n3\n4\n").is_ok());
}

#[test]
fn numbers_with_separators_brackets_and_closing_marks_read_as_written() {
    let separated = spec("N\n- 1 \\leq N \\leq 2,000,000;");
    assert!(separated.validate("2000000\n").is_ok());
    assert!(separated.validate("2000001\n").is_err());
    // Four digits after a comma: two numbers.
    let listed = spec("N M\n- 1 \\leq N \\leq 9\n- 1 \\leq M \\leq \\min(5,1000)。");
    assert!(listed.validate("1 5\n").is_ok());
    assert!(listed.validate("1 6\n").is_err());
    let bracketed = spec("N M\n- 1 \\leq N \\leq 9\n- 1 \\leq M \\leq [N + 1] \\times 2:");
    assert!(bracketed.validate("2 6\n").is_ok());
    assert!(bracketed.validate("2 7\n").is_err());
    // A `<` before a tag's name, with no tag after it, compares.
    let compared =
        spec("N\na_1 b_1\n\\vdots\na_N b_N\n- 1 \\leq N \\leq 5\n- 1 \\leq a_i<b_i \\leq 9 (i>0)");
    assert!(compared.validate("1\n1 2\n").is_ok());
    assert!(compared.validate("1\n2 2\n").is_err());
}

#[test]
fn an_index_is_one_lowercase_letter_and_a_sentence_needs_no_bullet() {
    for index in ["ab", "Z"] {
        let text =
            format!("N\nA_1 \\ldots A_N\n- 1 \\leq N \\leq 5\n- 1 \\leq A_{{{index}}} \\leq 9");
        let error = Spec::read(&text).unwrap_err();
        assert!(
            error
                .message
                .contains(&format!("{index} is not a variable")),
            "{error}"
        );
    }
    let unlisted =
        spec("S\nConstraints\n1 \\leq |S| \\leq 5\nS consists of lowercase English letters.");
    assert_eq!(
        unlisted.variables["S"].letters.as_deref(),
        Some(&(b'a'..=b'z').collect::<Vec<_>>()[..])
    );
}
