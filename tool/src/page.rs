//! The explore page: a game as one self-contained web page, to play against the solver and to
//! watch the analysis run. Every decision is the tool's, made here from the solutions' own
//! analysis and written into the page as data (JSON, by serde): the order of each position's moves,
//! each move's result and length, the solver's move at every position, the openings ranked. The
//! page's script looks things up and draws; `page.html` is its template.

use crate::error::Error;
use crate::format::counted;
use crate::games;
use crate::graph::{self, PALETTE};
use crate::input::JUDGE_MAX;
use crate::lucky7::{self, PackedGame, RESIDUES};
use crate::process::{self, Options, RunError, Stdin};
use crate::shiritori::{BLOCK_LETTERS, Outcome};
use crate::solved::AnalysedDictionary;
use serde::Serialize;
use std::collections::HashMap;
use std::time::Duration;

/// The page, with `__TITLE__`, `__STYLE__` and `__DATA__` to fill in.
const TEMPLATE: &str = include_str!("page.html");

/// The most words for which the page shows the game graph, laid out by Graphviz.
const GRAPH_WORDS: usize = 60;

/// The most words or rounds a page takes: the judge's largest, which makes a page of a few MB that
/// a browser opens in well under a second.
const MOST_ITEMS: usize = JUDGE_MAX;

/// The error for an input larger than a page takes.
fn too_large(count: usize, units: &str) -> Error {
    Error::Fatal(format!(
        "the input has {count} {units}; explore takes at most {MOST_ITEMS} (the judge's largest)"
    ))
}

/// What a program answered, for the page of a failing input that `check` writes: its answer for
/// each word (Shiritori) or its one answer (Lucky 7), shown beside the right one.
pub type ProgramAnswers = Vec<String>;

/// The page of a Shiritori dictionary; with `program`, its answers beside the right ones, and the
/// page opened at the first word where they differ.
pub fn shiritori_page(
    dictionary: &AnalysedDictionary,
    program: Option<ProgramAnswers>,
) -> Result<String, Error> {
    let count = dictionary.words.len();
    if count > MOST_ITEMS {
        return Err(too_large(count, "words"));
    }
    let graph = (count <= GRAPH_WORDS).then(|| graph_svg(dictionary));
    let data = ShiritoriData::new(dictionary, graph, program);
    let title = format!("Shiritori, {}", counted(count, "word", "words"));
    Ok(page(&title, &Data::Shiritori(&data)))
}

/// The page of a Lucky 7 game; with `program`, its answer beside the right one.
pub fn lucky7_page(game: &PackedGame, program: Option<ProgramAnswers>) -> Result<String, Error> {
    let rounds = game.rounds;
    if rounds > MOST_ITEMS {
        return Err(too_large(rounds, "rounds"));
    }
    let data = Lucky7Data::new(game, program);
    let title = format!("Lucky 7 Battle, {}", counted(rounds, "round", "rounds"));
    Ok(page(&title, &Data::Lucky7(&data)))
}

/// What the page shows, by problem.
#[derive(Serialize)]
#[serde(tag = "problem", rename_all = "lowercase")]
enum Data<'a> {
    Shiritori(&'a ShiritoriData),
    Lucky7(&'a Lucky7Data),
}

/// The page: the template with the title (a problem's name and a count: no markup), the palette
/// and the data, escaped for its script element.
fn page(title: &str, data: &Data) -> String {
    let json = script_safe(&serde_json::to_string(data).expect("the data serialises"));
    let style: String = PALETTE
        .iter()
        .map(|(_, class, fill)| format!("--{class}: {fill}; "))
        .collect();
    TEMPLATE
        .replace("__TITLE__", title)
        .replace("__STYLE__", &style)
        .replacen("__DATA__", &json, 1)
}

/// JSON that no text can end or turn into markup inside a script element: `<`, `>` and `&`,
/// which occur only inside its strings, written as the escapes `\u003c`, `\u003e`, `\u0026`.
/// A program's answer or a word is untrusted text (`</script>`, `<!--<script>`), and the page
/// must not rely on the reader having refused it.
pub fn script_safe(json: &str) -> String {
    let mut safe = String::with_capacity(json.len());
    for character in json.chars() {
        match character {
            '<' => safe.push_str("\\u003c"),
            '>' => safe.push_str("\\u003e"),
            '&' => safe.push_str("\\u0026"),
            other => safe.push(other),
        }
    }
    safe
}

/// A result as the page names it, for the player it concerns.
fn result_code(outcome: Outcome) -> char {
    match outcome {
        Outcome::Win => 'W',
        Outcome::Loss => 'L',
        Outcome::Draw => 'D',
    }
}

/// The Shiritori page's data. Vertices are numbered over the blocks the words use, in the order
/// the input first names them; words by their place in the input, from 0. The vertex a word
/// leaves and the one it leads to are not written: the page finds them by the word's first and
/// last three letters among the blocks.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ShiritoriData {
    /// The words, separated by spaces (a word has none): one string is smaller than a list.
    words: String,
    /// Each word's result for the player who says it: `W`, `L` or `D`.
    result: String,
    /// Each vertex's block, its outcome for the player to move there (`W`, `L`, `D`), and its
    /// depth: how many words the game from there lasts under optimal play (0 for a draw).
    blocks: String,
    outcome: String,
    depth: Vec<u32>,
    /// Each vertex's moves, best first as a tablebase ranks them (the quickest wins, the draws,
    /// the longest losses; then in input order), each distinct word once, by the place of its
    /// first copy: `moves[moveStart[v]..moveStart[v + 1]]`, and how often each is listed where
    /// that is more than once, as pairs of the place in `moves` and the count.
    move_start: Vec<u32>,
    moves: Vec<u32>,
    copies: Vec<(u32, u32)>,
    /// The move the solver makes at each vertex: the first of its moves, as `explain` plays;
    /// none at a dead end.
    solver: Vec<Option<u32>>,
    /// The opening the solver makes for Takahashi: the best of all words, ranked as moves are.
    best_opening: u32,
    /// The vertices the analysis decided that some word leads to, in the order it decided them,
    /// the dead ends first, and how many dead ends there are.
    order: Vec<u32>,
    dead_ends: u32,
    /// The game graph as SVG, or why there is none.
    svg: Option<String>,
    graph_note: String,
    /// A program's answers, for the page `check` writes, and the line the page opens at.
    program: Option<ProgramAnswers>,
    start: Vec<u32>,
}

/// A dictionary's blocks numbered as the page numbers them, in the order the words first name
/// them: each word's block it leaves and the one it leads to, and the solution's vertex of each.
struct Numbered<'a> {
    blocks: Vec<&'a str>,
    vertices: Vec<u32>,
    /// The page's number of each vertex numbered.
    numbers: HashMap<u32, u32>,
    from: Vec<u32>,
    to: Vec<u32>,
}

impl<'a> Numbered<'a> {
    fn new(dictionary: &'a AnalysedDictionary) -> Self {
        let mut numbered = Self {
            blocks: Vec::new(),
            vertices: Vec::new(),
            numbers: HashMap::new(),
            from: Vec::new(),
            to: Vec::new(),
        };
        for (word, &tail) in dictionary.words.iter().zip(&dictionary.to) {
            let spelling = word.spelling.as_str();
            let from = numbered.number(word.from, &spelling[..BLOCK_LETTERS]);
            let to = numbered.number(tail, &spelling[spelling.len() - BLOCK_LETTERS..]);
            numbered.from.push(from);
            numbered.to.push(to);
        }
        numbered
    }

    /// The page's number of `vertex`, whose block is `block`: a new one the first time.
    fn number(&mut self, vertex: u32, block: &'a str) -> u32 {
        *self.numbers.entry(vertex).or_insert_with(|| {
            self.blocks.push(block);
            self.vertices.push(vertex);
            (self.vertices.len() - 1) as u32
        })
    }
}

/// Each block's moves, best first by `rank`, each distinct word of `dictionary` once, by its first
/// copy: where each block's start in `moves`, the moves, the places listed more than once with
/// their counts, and the solver's move at each block (the first).
type Moves = (Vec<u32>, Vec<u32>, Vec<(u32, u32)>, Vec<Option<u32>>);

fn ranked_moves(
    dictionary: &AnalysedDictionary,
    numbered: &Numbered,
    rank: impl Fn(usize) -> (u8, i64, usize),
) -> Moves {
    // Each distinct word once, by its first copy, with its count.
    let mut first_copy: HashMap<&str, usize> = HashMap::new();
    let mut copies_of = vec![0u32; dictionary.words.len()];
    for (k, word) in dictionary.words.iter().enumerate() {
        let first = *first_copy.entry(word.spelling.as_str()).or_insert(k);
        copies_of[first] += 1;
    }
    let mut by_vertex: Vec<Vec<usize>> = vec![Vec::new(); numbered.blocks.len()];
    for (k, &count) in copies_of.iter().enumerate() {
        if count > 0 {
            by_vertex[numbered.from[k] as usize].push(k);
        }
    }
    let (mut move_start, mut moves, mut copies, mut solver) =
        (vec![0], Vec::new(), Vec::new(), Vec::new());
    for list in &mut by_vertex {
        list.sort_by_key(|&word| rank(word));
        solver.push(list.first().map(|&word| word as u32));
        moves.extend(list.iter().map(|&word| word as u32));
        let listed = list
            .iter()
            .enumerate()
            .map(|(k, &word)| (k, copies_of[word]));
        let first = moves.len() - list.len();
        copies.extend(
            listed
                .filter(|&(_, count)| count > 1)
                .map(|(k, count)| ((first + k) as u32, count)),
        );
        move_start.push(moves.len() as u32);
    }
    (move_start, moves, copies, solver)
}

impl ShiritoriData {
    fn new(
        dictionary: &AnalysedDictionary,
        graph: Option<Result<String, Error>>,
        program: Option<ProgramAnswers>,
    ) -> Self {
        let analysis = &dictionary.analysis;
        let depths = analysis.depths();
        let numbered = Numbered::new(dictionary);
        let (vertices, to) = (&numbered.vertices, &numbered.to);
        let outcome_of = |vertex: u32| analysis.outcome[vertices[vertex as usize] as usize];
        let depth_of = |vertex: u32| match outcome_of(vertex) {
            Outcome::Draw => 0,
            _ => depths[vertices[vertex as usize] as usize],
        };
        let result_of = |word: usize| games::result_of_move(outcome_of(to[word]));
        let rank = |word: usize| games::move_rank(result_of(word), depth_of(to[word]), word);
        let (move_start, moves, copies, solver) = ranked_moves(dictionary, &numbered, rank);
        let best_opening = (0..dictionary.words.len())
            .min_by_key(|&word| rank(word))
            .unwrap_or(0) as u32;
        let order: Vec<u32> = analysis
            .order
            .iter()
            .filter_map(|vertex| numbered.numbers.get(vertex).copied())
            .collect();
        let dead_ends = order.iter().filter(|&&v| depth_of(v) == 0).count() as u32;
        let (svg, graph_note) = match graph {
            Some(Ok(svg)) => (Some(svg), String::new()),
            Some(Err(why)) => (None, why.to_string()),
            None => (
                None,
                format!("No graph: it is drawn for up to {GRAPH_WORDS} words."),
            ),
        };
        // A page of a failing input opens at the first word whose answer differs.
        let start = program
            .as_ref()
            .and_then(|answers| {
                let right = |word: usize| outcome_of(to[word]).winner();
                (0..to.len())
                    .find(|&word| answers.get(word).map(String::as_str) != Some(right(word)))
            })
            .map(|word| vec![word as u32])
            .unwrap_or_default();
        let vertex_count = numbered.blocks.len() as u32;
        Self {
            words: dictionary
                .words
                .iter()
                .map(|word| word.spelling.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            result: (0..to.len())
                .map(|word| result_code(result_of(word)))
                .collect(),
            outcome: (0..vertex_count)
                .map(|vertex| result_code(outcome_of(vertex)))
                .collect(),
            depth: (0..vertex_count).map(depth_of).collect(),
            blocks: numbered.blocks.join(" "),
            move_start,
            moves,
            copies,
            solver,
            best_opening,
            order,
            dead_ends,
            svg,
            graph_note,
            program,
            start,
        }
    }
}

/// The Lucky 7 page's data: the game, the winning sets, what each choice leads to, and the
/// solver's choice at every round and residue.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Lucky7Data {
    digits: String,
    /// `T` or `A` for each round.
    players: String,
    /// The residues from which Takahashi wins before each round, and after the last (residue 0
    /// only), as 7-bit masks.
    winning: Vec<u8>,
    /// `next[d][r]`: the residue after appending digit `d` to a number of residue `r`.
    next: Vec<Vec<u8>>,
    /// The solver's choice, the digit it appends, at round `i` from residue `r`: character
    /// `7i + r`. A player whose choice decides the game makes the one that wins it; one who
    /// cannot change the outcome appends S's digit, as `explain` plays.
    solver: String,
    /// A program's answer, for the page `check` writes.
    program: Option<ProgramAnswers>,
}

impl Lucky7Data {
    fn new(game: &PackedGame, program: Option<ProgramAnswers>) -> Self {
        let rounds = game.rounds;
        let winning = lucky7::winning_sets(game);
        let next: Vec<Vec<u8>> = (0..10)
            .map(|digit| {
                (0..RESIDUES)
                    .map(|residue| ((10 * residue + digit) % RESIDUES) as u8)
                    .collect()
            })
            .collect();
        let solver = (0..rounds)
            .flat_map(|round| (0..RESIDUES).map(move |residue| (round, residue)))
            .map(|(round, residue)| {
                let (appended, _) = games::lucky7_choice(game, &winning, round, residue);
                char::from(b'0' + appended as u8)
            })
            .collect();
        Self {
            digits: (0..rounds)
                .map(|round| char::from(b'0' + game.digit(round) as u8))
                .collect(),
            players: (0..rounds)
                .map(|round| {
                    if game.takahashi_plays(round) {
                        'T'
                    } else {
                        'A'
                    }
                })
                .collect(),
            winning,
            next,
            solver,
            program,
        }
    }
}

/// What Graphviz's `dot` may take to lay out a graph of [`GRAPH_WORDS`] words, which it does in
/// milliseconds: a `dot` that takes more is stopped, and the page shows no graph.
const DOT_LIMITS: Options = Options {
    time_limit: Some(Duration::from_secs(10)),
    wall_limit: Some(Duration::from_secs(10)),
    memory_limit: Some(1 << 30),
    output_limit: Some(16 << 20),
    address_space: None,
    stack: None,
    discard_stdout: false,
    trace_faults: false,
    judge_environment: false,
};

/// The game graph as `atcoder-games dot` draws it, laid out by Graphviz's `dot` as SVG; or why
/// the page shows none.
fn graph_svg(dictionary: &AnalysedDictionary) -> Result<String, Error> {
    let mut dot = Vec::new();
    graph::write_dot(&mut dot, dictionary).map_err(|error| Error::Fatal(error.to_string()))?;
    let not_drawn = |why: String| {
        Error::Fatal(format!(
            "No graph: Graphviz's dot {why} when this page was made."
        ))
    };
    let ran = match process::run(&["dot", "-Tsvg"], Stdin::Bytes(&dot), &DOT_LIMITS) {
        Ok(ran) => ran,
        Err(RunError::CannotStart(_)) => return Err(not_drawn("was not installed".to_string())),
        Err(error) => return Err(not_drawn(format!("failed ({error})"))),
    };
    if !ran.succeeded() {
        let how = match ran.stopped {
            Some(stop) => format!("was stopped at its {} limit", stop.noun()),
            None => ran.status.to_string(),
        };
        return Err(not_drawn(format!("failed ({how})")));
    }
    let svg = String::from_utf8_lossy(&ran.stdout);
    // The page embeds the <svg> element itself, without the XML prologue.
    let start = svg.find("<svg").unwrap_or(0);
    Ok(svg[start..].to_string())
}
