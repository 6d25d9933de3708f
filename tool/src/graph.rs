//! Shiritori's game graph in Graphviz's DOT language, coloured by the solution's own analysis,
//! as `dot` prints it and the explore page draws it; and the one palette of the tool's pictures
//! and pages.

use crate::shiritori::{BLOCK_LETTERS, Outcome, VERTICES};
use crate::solved::AnalysedDictionary;
use std::collections::HashMap;
use std::io::{self, Write};

/// The one palette of the tool's pictures and pages, by the outcome for the player to move: a
/// class name and a fill. Blue, orange and a light grey stay at least 28 ΔE00 apart for normal
/// sight and under simulations of protanopia, deuteranopia and tritanopia (Machado 2009), and
/// dark text on each reads at a contrast of 5.5 or more; every result is written in words too.
pub const PALETTE: [(Outcome, &str, &str); 3] = [
    (Outcome::Win, "won", "#6c96ea"),
    (Outcome::Loss, "lost", "#f56f42"),
    (Outcome::Draw, "draw", "#e0e0e0"),
];

/// A word in an edge label: in full up to this many letters, else its ends around an ellipsis.
const WORD_LETTERS: usize = 24;

/// Writes the game graph of `dictionary`.
///
/// A node per three-letter block that starts or ends a word, its id the block itself, with
/// `class` `won`, `lost` or `draw` for the player to move there (Graphviz copies it into SVG),
/// filled with that class's colour, and labelled with the block and, if decided, the words
/// left under optimal play. An edge per distinct word, from its first block to its last,
/// labelled with the numbers of the words that spell it (Takahashi's opening move in their
/// games) and the word, with `×k` if it is listed `k` times. Moves into a lost block, which
/// win, are drawn bold. Nodes and edges come in the order the input first names them.
pub fn write_dot(out: &mut dyn Write, dictionary: &AnalysedDictionary) -> io::Result<()> {
    writeln!(out, "digraph shiritori {{")?;
    write_head(out)?;
    write_nodes(out, dictionary)?;
    write_edges(out, dictionary)?;
    writeln!(out, "}}")
}

/// The class and fill of the outcome `outcome`, in the [`PALETTE`].
fn class(outcome: Outcome) -> (&'static str, &'static str) {
    PALETTE
        .iter()
        .find(|(of, _, _)| *of == outcome)
        .map_or(("", ""), |&(_, class, fill)| (class, fill))
}

/// The graph's attributes, its nodes' and edges', and the legend of the palette.
fn write_head(out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "  graph [rankdir=LR, labelloc=t, fontname=\"Helvetica\", \
         label=\"3-shiritori: a node per block of three letters, an edge per word (numbered as in the input)\"];"
    )?;
    writeln!(
        out,
        "  node [shape=box, style=\"rounded,filled\", fontname=\"Courier\"];"
    )?;
    writeln!(out, "  edge [fontname=\"Courier\", fontsize=10];")?;
    writeln!(out, "  subgraph cluster_legend {{")?;
    writeln!(
        out,
        "    label=\"the player to move at a block\"; fontname=\"Helvetica\";"
    )?;
    for (_, class, fill) in PALETTE {
        let meaning = match class {
            "won" => "won, k left: wins, saying the last of k more words",
            "lost" => "lost, k left: loses, after k more words",
            _ => "draw: nobody can force a win, the game never ends",
        };
        writeln!(
            out,
            "    \"legend {class}\" [class=\"{class}\", fillcolor=\"{fill}\", label=\"{meaning}\"];"
        )?;
    }
    writeln!(out, "  }}")
}

/// Each block once, as the input first names it.
fn write_nodes(out: &mut dyn Write, dictionary: &AnalysedDictionary) -> io::Result<()> {
    let analysis = &dictionary.analysis;
    let depth = analysis.depths();
    let mut named = vec![false; VERTICES];
    for (spelled, &to) in dictionary.words.iter().zip(&dictionary.to) {
        let word = &spelled.spelling;
        let ends = [
            (spelled.from, &word[..BLOCK_LETTERS]),
            (to, &word[word.len() - BLOCK_LETTERS..]),
        ];
        for (v, letters) in ends {
            if std::mem::replace(&mut named[v as usize], true) {
                continue;
            }
            let outcome = analysis.outcome[v as usize];
            let (class, fill) = class(outcome);
            let left = match outcome {
                Outcome::Draw => String::new(),
                _ => format!(", {} left", depth[v as usize]),
            };
            writeln!(
                out,
                "  \"{letters}\" [class=\"{class}\", fillcolor=\"{fill}\", label=\"{letters}\\n{class}{left}\"];"
            )?;
        }
    }
    Ok(())
}

/// Each distinct word once, with the numbers of the words that spell it.
fn write_edges(out: &mut dyn Write, dictionary: &AnalysedDictionary) -> io::Result<()> {
    let analysis = &dictionary.analysis;
    let mut numbers: Vec<Vec<usize>> = Vec::new();
    let mut distinct: HashMap<&str, usize> = HashMap::new();
    let words = dictionary.words.iter().map(|word| word.spelling.as_str());
    for (index, word) in words.enumerate() {
        let next = numbers.len();
        let edge = *distinct.entry(word).or_insert(next);
        if edge == next {
            numbers.push(vec![index]);
        } else {
            numbers[edge].push(index);
        }
    }
    for spelled_by in numbers {
        let first = spelled_by[0];
        let word = &dictionary.words[first].spelling;
        let shown: Vec<String> = spelled_by
            .iter()
            .take(3)
            .map(|k| (k + 1).to_string())
            .collect();
        let more = if spelled_by.len() > 3 { ", …" } else { "" };
        let copies = match spelled_by.len() {
            1 => String::new(),
            k => format!(" ×{k}"),
        };
        let winning = analysis.outcome[dictionary.to[first] as usize] == Outcome::Loss;
        writeln!(
            out,
            "  \"{}\" -> \"{}\" [label=\"{}{more}: {}{copies}\"{}];",
            &word[..BLOCK_LETTERS],
            &word[word.len() - BLOCK_LETTERS..],
            shown.join(", "),
            label_word(word),
            if winning { ", style=bold" } else { "" }
        )?;
    }
    Ok(())
}

/// `word` as an edge label shows it: in full if short, else its ends around an ellipsis.
fn label_word(word: &str) -> String {
    if word.len() <= WORD_LETTERS {
        return word.to_string();
    }
    let end = WORD_LETTERS / 2 - 1;
    format!("{}…{}", &word[..end], &word[word.len() - end..])
}
