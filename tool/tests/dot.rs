//! `atcoder-games dot shiritori`: the game graph in Graphviz's DOT language, checked as text
//! against the oracle, rendered by Graphviz's `dot`, and kept in step with the pictures in
//! `docs/`.

use crate::common;

use atcoder_games_tool::input::shiritori_input;
use atcoder_games_tool::process::{self, Options, Stdin};
use common::{root, tool};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use std::collections::BTreeMap;
use std::fs;
use std::io::ErrorKind;
use std::path::PathBuf;
use test_support::contract::{assert_usage_error, clean_error, success};
use test_support::oracle::shiritori_positions;
use test_support::strategy::small_dictionary;

fn sample(number: usize) -> Vec<u8> {
    common::sample("shiritori", number)
}

fn dot_of(input: impl AsRef<[u8]>) -> String {
    success(&tool(&["dot", "shiritori"], input))
}

#[test]
fn sample_1_by_hand() {
    let expected = r##"digraph shiritori {
  graph [rankdir=LR, labelloc=t, fontname="Helvetica", label="3-shiritori: a node per block of three letters, an edge per word (numbered as in the input)"];
  node [shape=box, style="rounded,filled", fontname="Courier"];
  edge [fontname="Courier", fontsize=10];
  subgraph cluster_legend {
    label="the player to move at a block"; fontname="Helvetica";
    "legend won" [class="won", fillcolor="#6c96ea", label="won, k left: wins, saying the last of k more words"];
    "legend lost" [class="lost", fillcolor="#f56f42", label="lost, k left: loses, after k more words"];
    "legend draw" [class="draw", fillcolor="#e0e0e0", label="draw: nobody can force a win, the game never ends"];
  }
  "abc" [class="lost", fillcolor="#f56f42", label="abc\nlost, 2 left"];
  "bcd" [class="won", fillcolor="#6c96ea", label="bcd\nwon, 1 left"];
  "cda" [class="lost", fillcolor="#f56f42", label="cda\nlost, 0 left"];
  "ada" [class="draw", fillcolor="#e0e0e0", label="ada\ndraw"];
  "abc" -> "bcd" [label="1: abcd"];
  "bcd" -> "cda" [label="2: bcda", style=bold];
  "ada" -> "ada" [label="3: ada"];
}
"##;
    assert_eq!(dot_of(sample(1)), expected);
}

/// Win, loss and draw stay at least 15 ΔE00 apart for normal sight and under the simulations of
/// protanopia, deuteranopia and tritanopia, in the fills of the picture's legend (the explore page
/// draws with the same palette, and its test measures the page's own styles).
#[test]
fn the_palette_stays_apart_for_every_kind_of_sight() {
    let dot = dot_of(sample(1));
    let fills: Vec<[u8; 3]> = ["legend won", "legend lost", "legend draw"]
        .iter()
        .map(|node| {
            let line = dot
                .lines()
                .find(|line| line.contains(&format!("\"{node}\"")))
                .unwrap();
            test_support::colour::parse(attribute(line, "fillcolor").unwrap()).unwrap()
        })
        .collect();
    let least = test_support::colour::least_difference(&fills);
    assert!(least >= 15.0, "{least} ΔE00 between {fills:?}");
}

#[test]
fn repeated_and_long_words_are_one_short_edge() {
    let long = format!("abc{}xyz", "Q".repeat(100));
    let words = ["abcd", "xyzab", "abcd", &long, "abcd", "abcd"];
    let dot = dot_of(shiritori_input(&words));
    let edges: Vec<&str> = dot.lines().filter(|line| line.contains("->")).collect();
    assert_eq!(
        edges,
        [
            r#"  "abc" -> "bcd" [label="1, 3, 5, …: abcd ×4", style=bold];"#,
            r#"  "xyz" -> "zab" [label="2: xyzab", style=bold];"#,
            r#"  "abc" -> "xyz" [label="4: abcQQQQQQQQ…QQQQQQQQxyz"];"#,
        ]
    );
}

#[test]
fn three_copies_are_all_named_and_24_letters_are_shown_in_full() {
    let full = format!("abc{}xyz", "Q".repeat(18));
    let cut = format!("abc{}xyz", "Q".repeat(19));
    let words = ["abcd", "abcd", &full, "abcd", &cut];
    let dot = dot_of(shiritori_input(&words));
    let edges: Vec<&str> = dot.lines().filter(|line| line.contains("->")).collect();
    assert_eq!(full.len(), 24);
    assert_eq!(
        edges,
        [
            r#"  "abc" -> "bcd" [label="1, 2, 4: abcd ×3", style=bold];"#,
            r#"  "abc" -> "xyz" [label="3: abcQQQQQQQQQQQQQQQQQQxyz", style=bold];"#,
            r#"  "abc" -> "xyz" [label="5: abcQQQQQQQQ…QQQQQQQQxyz", style=bold];"#,
        ]
    );
}

#[test]
fn the_command_line_and_malformed_input() {
    for (arguments, fragment) in [
        (&["dot"][..], "the following required arguments"),
        (&["dot", "lucky7"], "invalid value 'lucky7'"),
        (
            &["dot", "shiritori", "--depth"],
            "unexpected argument '--depth'",
        ),
    ] {
        let message = assert_usage_error(&tool(arguments, sample(1)));
        assert!(message.contains(fragment), "{arguments:?}: {message}");
    }
    let help = success(&tool(&["dot", "--help"], ""));
    assert!(help.contains("slow beyond a few thousand words"), "{help}");
    let message = clean_error(&tool(&["dot", "shiritori"], "1\nab\n"));
    assert_eq!(message, "error: word 1 (\"ab\") is shorter than 3 letters");
}

/// A DOT file as this crate writes it: its block nodes, in order, with their class and label, and
/// its edges, in order, as (from, to, label).
struct Graph {
    nodes: Vec<(String, String, String)>,
    edges: Vec<(String, String, String)>,
}

/// The value of `attribute="..."` in `line`.
fn attribute<'a>(line: &'a str, attribute: &str) -> Option<&'a str> {
    let start = line.find(&format!("{attribute}=\""))? + attribute.len() + 2;
    let length = line[start..].find('"')?;
    Some(&line[start..start + length])
}

fn parse(dot: &str) -> Graph {
    let (mut nodes, mut edges) = (Vec::new(), Vec::new());
    for line in dot.lines().map(str::trim) {
        let quoted: Vec<&str> = line.split('"').collect();
        if line.contains(" -> ") {
            let label = attribute(line, "label").expect("an edge label").to_string();
            edges.push((quoted[1].to_string(), quoted[3].to_string(), label));
        } else if line.starts_with('"') && !line.starts_with("\"legend") {
            let class = attribute(line, "class").expect("a class").to_string();
            let label = attribute(line, "label").expect("a label").to_string();
            nodes.push((quoted[1].to_string(), class, label));
        }
    }
    Graph { nodes, edges }
}

/// What the oracle says of a block: its class and its label.
fn expected_node(block: &str, positions: &BTreeMap<String, (usize, bool)>) -> (String, String) {
    match positions.get(block) {
        Some((left, true)) => ("won".to_string(), format!("{block}\\nwon, {left} left")),
        Some((left, false)) => ("lost".to_string(), format!("{block}\\nlost, {left} left")),
        None => ("draw".to_string(), format!("{block}\\ndraw")),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_graph_names_every_block_and_word_as_the_oracle_decides(words in small_dictionary()) {
        let graph = parse(&dot_of(shiritori_input(&words)));
        let positions = shiritori_positions(&words);
        // Blocks, and distinct words, in order of first appearance.
        let mut blocks: Vec<&str> = Vec::new();
        let mut distinct: Vec<&str> = Vec::new();
        for word in &words {
            for block in [&word[..3], &word[word.len() - 3..]] {
                if !blocks.contains(&block) {
                    blocks.push(block);
                }
            }
            if !distinct.contains(&word.as_str()) {
                distinct.push(word);
            }
        }
        let named: Vec<&str> = graph.nodes.iter().map(|(block, _, _)| block.as_str()).collect();
        prop_assert_eq!(named, blocks);
        for (block, class, label) in &graph.nodes {
            prop_assert_eq!((class.clone(), label.clone()), expected_node(block, &positions));
        }
        prop_assert_eq!(graph.edges.len(), distinct.len());
        for ((from, to, label), word) in graph.edges.iter().zip(distinct) {
            prop_assert_eq!(from.as_str(), &word[..3]);
            prop_assert_eq!(to.as_str(), &word[word.len() - 3..]);
            let numbers: Vec<String> = (1..).zip(&words).filter(|(_, w)| *w == word).map(|(k, _)| k.to_string()).collect();
            let copies = if numbers.len() > 1 { format!(" ×{}", numbers.len()) } else { String::new() };
            let more = if numbers.len() > 3 { ", …" } else { "" };
            let expected = format!("{}{more}: {word}{copies}", numbers[..numbers.len().min(3)].join(", "));
            prop_assert_eq!(label, &expected);
        }
    }
}

/// Renders `dot` to SVG with Graphviz's `dot`, or says why it could not. Where `dot` is not
/// installed the render tests pass with a notice, except under CI (the `CI` variable set, as
/// `.ci/run` does), where Graphviz is required.
fn render_svg(dot: &str) -> Option<String> {
    let command = ["dot", "-Tsvg"];
    let run = match process::run(&command, Stdin::Bytes(dot.as_bytes()), &Options::default()) {
        Err(process::RunError::CannotStart(error))
            if error.kind() == ErrorKind::NotFound && std::env::var_os("CI").is_none() =>
        {
            eprintln!("Graphviz's dot is not installed: the SVG rendering is not checked");
            return None;
        }
        Err(error) => panic!("cannot run Graphviz's dot (install the package graphviz): {error}"),
        Ok(run) => run,
    };
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.succeeded(), "dot failed: {stderr}");
    assert!(stderr.is_empty(), "dot complained: {stderr}");
    Some(String::from_utf8(run.stdout).expect("SVG is UTF-8"))
}

/// The node groups of an SVG that Graphviz rendered: each node's title (its DOT id) and class.
fn svg_nodes(svg: &str) -> Vec<(String, String)> {
    svg.split("<g id=\"node")
        .skip(1)
        .map(|group| {
            let class = attribute(group, "class").expect("a class").to_string();
            let title_start = group.find("<title>").expect("a title") + "<title>".len();
            let title_end = group.find("</title>").expect("a title's end");
            (group[title_start..title_end].to_string(), class)
        })
        .collect()
}

/// Checks that `svg` has one node group per block of `dot`, with its class (in Graphviz's order,
/// which need not be the DOT's).
fn assert_svg_matches(svg: &str, dot: &str) {
    let mut blocks: Vec<(String, String)> = parse(dot)
        .nodes
        .into_iter()
        .map(|(block, class, _)| (block, format!("node {class}")))
        .collect();
    let mut groups: Vec<(String, String)> = svg_nodes(svg)
        .into_iter()
        .filter(|(title, _)| !title.starts_with("legend"))
        .collect();
    blocks.sort();
    groups.sort();
    assert_eq!(groups, blocks);
    for class in ["won", "lost", "draw"] {
        let legend = format!("legend {class}");
        let legends = svg_nodes(svg)
            .into_iter()
            .filter(|(title, _)| *title == legend);
        assert_eq!(legends.count(), 1, "{legend}");
    }
}

#[test]
fn graphviz_renders_the_samples_and_random_dictionaries() {
    let mut inputs: Vec<Vec<u8>> = (1..=3).map(sample).collect();
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..20 {
        let words = small_dictionary().new_tree(&mut runner).unwrap().current();
        inputs.push(shiritori_input(&words).into_bytes());
    }
    for input in inputs {
        let dot = dot_of(input);
        let Some(svg) = render_svg(&dot) else { return };
        assert_svg_matches(&svg, &dot);
    }
}

/// The pictures of the samples in `docs/`: the DOT the tool prints and the SVG Graphviz renders
/// from it. `BLESS=1 cargo test --test tool dot::` writes them anew.
fn pictures() -> Vec<(usize, PathBuf, PathBuf)> {
    let docs = root().join("docs");
    (1..=3)
        .map(|n| {
            let name = format!("shiritori-sample-{n}");
            (
                n,
                docs.join(format!("{name}.dot")),
                docs.join(format!("{name}.svg")),
            )
        })
        .collect()
}

#[test]
fn the_pictures_in_docs_are_what_the_tool_prints() {
    let bless = std::env::var_os("BLESS").is_some_and(|value| value == "1");
    for (number, dot_path, svg_path) in pictures() {
        let dot = dot_of(sample(number));
        if bless {
            fs::write(&dot_path, &dot).expect("docs is writable");
            if let Some(svg) = render_svg(&dot) {
                fs::write(&svg_path, svg).expect("docs is writable");
            }
        }
        let kept = fs::read_to_string(&dot_path).unwrap_or_default();
        assert!(
            kept == dot,
            "{} is not what `atcoder-games dot shiritori` prints for sample {number}; \
             regenerate the pictures with `BLESS=1 cargo test --test tool dot::`",
            dot_path.display()
        );
        let svg = fs::read_to_string(&svg_path).expect("the SVG is kept beside the DOT");
        assert_svg_matches(&svg, &dot);
    }
}
