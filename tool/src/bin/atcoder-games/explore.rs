//! `atcoder-games explore`: the game as one self-contained web page, to play against the solver
//! and to watch the analysis run. The page carries the solutions' own analysis as data (the
//! script only keeps the books); `explore.html` is its template.

use crate::input::{self, AnalysedDictionary};
use crate::lucky7;
use crate::shiritori::Outcome;
use crate::shiritori::plumbing::{error_exit, write_stdout};
use atcoder_games_tool::problem::JUDGE_MAX;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;
use std::process::{Command, ExitCode, Stdio};

/// The page, with `__TITLE__` and `__DATA__` to fill in.
const TEMPLATE: &str = include_str!("explore.html");

/// The most words for which the page shows the game graph, laid out by Graphviz.
const GRAPH_WORDS: usize = 60;

/// The most words or rounds a page takes: the judge's largest, which makes a page of a few MB that
/// a browser opens in well under two seconds.
const MOST_ITEMS: usize = JUDGE_MAX;

/// `explore shiritori`: the page of the dictionary on stdin.
pub fn shiritori() -> ExitCode {
    let dictionary = match AnalysedDictionary::from_stdin() {
        Ok(dictionary) => dictionary,
        Err(code) => return code,
    };
    let count = dictionary.words.len();
    if count > MOST_ITEMS {
        return too_large(count, "words");
    }
    let graph = (count <= GRAPH_WORDS).then(|| graph_svg(&dictionary));
    let data = shiritori_data(&dictionary, graph);
    write_page(&format!("Shiritori, {count} words"), &data)
}

/// `explore lucky7`: the page of the game on stdin.
pub fn lucky7() -> ExitCode {
    let game = match input::lucky7_game_from_stdin() {
        Ok(game) => game,
        Err(code) => return code,
    };
    let rounds = game.rounds;
    if rounds > MOST_ITEMS {
        return too_large(rounds, "rounds");
    }
    let mut data = String::from("{\"problem\":\"lucky7\",\"digits\":\"");
    data.extend((0..rounds).map(|round| char::from(b'0' + game.digit(round) as u8)));
    data.push_str("\",\"players\":\"");
    data.extend((0..rounds).map(|round| match game.takahashi_plays(round) {
        true => 'T',
        false => 'A',
    }));
    data.push_str("\",\"winning\":");
    push_numbers(
        &mut data,
        lucky7::winning_sets(&game).into_iter().map(u32::from),
    );
    data.push('}');
    write_page(&format!("Lucky 7 Battle, {rounds} rounds"), &data)
}

/// The error for an input larger than a page takes.
fn too_large(count: usize, units: &str) -> ExitCode {
    error_exit(&format!(
        "the input has {count} {units}; explore takes at most {MOST_ITEMS} (the judge's largest)"
    ))
}

/// Writes the page with `title` and `data` (JSON) to stdout.
fn write_page(title: &str, data: &str) -> ExitCode {
    // `</` would end the script element that holds the data: JSON may write it `<\/`.
    let data = data.replace("</", "<\\/");
    let page = TEMPLATE
        .replace("__TITLE__", title)
        .replacen("__DATA__", &data, 1);
    write_stdout(|out: &mut dyn Write| out.write_all(page.as_bytes()))
}

/// The page's data for a dictionary: the words, each word's vertices (numbered over the blocks
/// the words use), each vertex's block, outcome and depth, the order in which the analysis
/// decided them, and the game graph's SVG or why there is none.
fn shiritori_data<'a>(
    dictionary: &'a AnalysedDictionary,
    graph: Option<Result<String, String>>,
) -> String {
    let analysis = &dictionary.analysis;
    let depth = analysis.depths();
    // The vertices the words use, numbered in the order the input first names them.
    let mut numbered: HashMap<u32, u32> = HashMap::new();
    let mut blocks: Vec<&str> = Vec::new();
    let mut vertices: Vec<u32> = Vec::new();
    let mut number = |vertex: u32, block: &'a str| -> u32 {
        *numbered.entry(vertex).or_insert_with(|| {
            blocks.push(block);
            vertices.push(vertex);
            (vertices.len() - 1) as u32
        })
    };
    let mut from = Vec::with_capacity(dictionary.words.len());
    let mut to = Vec::with_capacity(dictionary.words.len());
    for (word, &tail) in dictionary.words.iter().zip(&dictionary.to) {
        let spelling = word.spelling.as_str();
        let letters = crate::shiritori::BLOCK_LETTERS;
        from.push(number(word.from, &spelling[..letters]));
        to.push(number(tail, &spelling[spelling.len() - letters..]));
    }
    let mut data = String::from("{\"problem\":\"shiritori\",\"words\":");
    push_strings(
        &mut data,
        dictionary.words.iter().map(|word| word.spelling.as_str()),
    );
    data.push_str(",\"from\":");
    push_numbers(&mut data, from.into_iter());
    data.push_str(",\"to\":");
    push_numbers(&mut data, to.into_iter());
    data.push_str(",\"blocks\":");
    push_strings(&mut data, blocks.iter().copied());
    data.push_str(",\"outcome\":\"");
    data.extend(
        vertices
            .iter()
            .map(|&v| match analysis.outcome[v as usize] {
                Outcome::Win => 'W',
                Outcome::Loss => 'L',
                Outcome::Draw => 'D',
            }),
    );
    data.push_str("\",\"depth\":");
    push_numbers(&mut data, vertices.iter().map(|&v| depth[v as usize]));
    data.push_str(",\"order\":");
    let order = analysis.order.iter();
    push_numbers(&mut data, order.filter_map(|v| numbered.get(v).copied()));
    let (svg, note) = match graph {
        Some(Ok(svg)) => (Some(svg), String::new()),
        Some(Err(why)) => (None, why),
        None => (
            None,
            format!("No graph: it is drawn for up to {GRAPH_WORDS} words."),
        ),
    };
    data.push_str(",\"svg\":");
    match &svg {
        Some(svg) => push_strings(&mut data, [svg.as_str()].into_iter()),
        None => data.push_str("null"),
    }
    data.push_str(",\"graphNote\":");
    push_strings(&mut data, [note.as_str()].into_iter());
    data.push('}');
    data
}

/// The game graph as `atcoder-games dot` draws it, laid out by Graphviz's `dot` as SVG; or why
/// the page shows none.
fn graph_svg(dictionary: &AnalysedDictionary) -> Result<String, String> {
    let mut dot = Vec::new();
    crate::dot::write_dot(&mut dot, dictionary).map_err(|error| error.to_string())?;
    let not_drawn =
        |why: String| format!("No graph: Graphviz's dot {why} when this page was made.");
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|_| not_drawn("was not installed".to_string()))?;
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || stdin.write_all(&dot));
    let output = child
        .wait_with_output()
        .map_err(|error| not_drawn(format!("failed ({error})")))?;
    let _ = writer.join();
    if !output.status.success() {
        return Err(not_drawn(format!("failed ({})", output.status)));
    }
    let svg = String::from_utf8_lossy(&output.stdout);
    // The page embeds the <svg> element itself, without the XML prologue.
    let start = svg.find("<svg").unwrap_or(0);
    Ok(svg[start..].to_string())
}

/// Appends `numbers` as a JSON array.
fn push_numbers(data: &mut String, numbers: impl Iterator<Item = u32>) {
    data.push('[');
    for (k, number) in numbers.enumerate() {
        if k > 0 {
            data.push(',');
        }
        let _ = write!(data, "{number}");
    }
    data.push(']');
}

/// Appends `strings` as a JSON array of strings.
fn push_strings<'a>(data: &mut String, strings: impl Iterator<Item = &'a str>) {
    data.push('[');
    for (k, string) in strings.enumerate() {
        if k > 0 {
            data.push(',');
        }
        data.push('"');
        for character in string.chars() {
            match character {
                '"' => data.push_str("\\\""),
                '\\' => data.push_str("\\\\"),
                '\n' => data.push_str("\\n"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(data, "\\u{:04x}", c as u32);
                }
                c => data.push(c),
            }
        }
        data.push('"');
    }
    data.push(']');
}
