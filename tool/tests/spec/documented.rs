//! The spec page, docs/spec.md, kept true: each of its examples is read, the input after it keeps
//! it, and inputs made from it at many sizes and seeds, and its worst cases, keep it too.

use super::{kept_input, spec};
use crate::common;
use atcoder_games_tool::spec::Spec;
use std::fs;

/// The examples of the page: each `spec` block with the `input` block after it.
fn examples() -> Vec<(String, String)> {
    let page = fs::read_to_string(common::root().join("docs/spec.md")).unwrap();
    let blocks: Vec<(&str, &str)> = page
        .split("```")
        .skip(1)
        .step_by(2)
        .filter_map(|block| block.split_once('\n'))
        .collect();
    blocks
        .windows(2)
        .filter(|pair| pair[0].0 == "spec" && pair[1].0 == "input")
        .map(|pair| (pair[0].1.to_string(), pair[1].1.to_string()))
        .collect()
}

#[test]
fn every_example_of_the_spec_page_reads_and_its_input_keeps_it() {
    let examples = examples();
    assert!(examples.len() >= 12, "{} examples", examples.len());
    for (text, input) in examples {
        let spec = spec(&text);
        spec.validate(&input)
            .unwrap_or_else(|invalid| panic!("{invalid}\n{text}"));
    }
}

#[test]
fn inputs_made_from_every_example_keep_it() {
    for (text, _) in examples() {
        let spec = spec(&text);
        for size in [1, 2, 3, 5, 8, 13, 40] {
            for seed in 0..6 {
                kept_input(&spec, size, seed);
            }
        }
        for seed in Spec::worst_seeds(1) {
            kept_input(&spec, 300, seed);
        }
    }
}
