//! AtCoder ABC209 E "Shiritori": for every word, who wins 3-shiritori when Takahashi opens with it.
//!
//! This file is a complete judge submission (Rust 1.89, edition 2024, proconio 0.5.0). The
//! crate's docs/shiritori.md explains the solution in full; in short:
//!
//! - Only a word's first and last three letters matter, so every three-letter block is a vertex
//!   and every word an edge from its first block to its last: a move. After Takahashi opens with
//!   `s_i`, Aoki is to move at the block of its last three letters.
//! - [`retrograde_analysis`] works back from the dead ends, as endgame tablebases do: no move is
//!   a loss, a move into a loss is a win, only moves into wins are a loss, and whatever that never
//!   decides is a draw. O(N + 52³) time and memory.
//! - The same FIFO pass meets the vertices in order of their distance from the end, which is the
//!   length of the game when the winner hurries and the loser delays (`--depth`).
//!
//! The crate's tool, `atcoder-games`, plays the games out and draws the graph from this file's
//! analysis, so its items are `pub`.

use plumbing::{
    Count, InputError, TokenSource, fail, first_disallowed, next_token, quoted,
    unexpected_character, usage_error, write_report,
};
use proconio::input;
use proconio::source::{RuntimeReadable, Source};
use std::ffi::OsString;
use std::io::{self, BufRead};
use std::process::ExitCode;

fn main() -> ExitCode {
    run(std::env::args_os().skip(1))
}

/// The whole program, given its command-line arguments: `main` for this binary, and
/// `atcoder-games solve shiritori`, which includes this file.
pub fn run(arguments: impl Iterator<Item = OsString>) -> ExitCode {
    let request = match parse_arguments(arguments) {
        Ok(request) => request,
        Err(message) => return usage_error(&message, HELP),
    };
    let render = match request {
        Request::Help => return write_report(|out| out.write_all(HELP.as_bytes())),
        Request::Winners => render_winners,
        Request::Depths => render_depths,
    };
    let mut source = TokenSource::new(io::stdin().lock());
    match read_dictionary(&mut source) {
        Ok(words) => {
            let analysis = retrograde_analysis(ReverseGraph::new(&words));
            write_report(|out| out.write_all(&render(&words, &analysis)))
        }
        Err(error) => fail(&source.message(error)),
    }
}

/// The help; its first line is the usage that a usage error repeats.
const HELP: &str = "\
Usage: shiritori [--depth] < input

Solves AtCoder ABC209 E \"Shiritori\": reads N and N words, and prints for each word in input
order who wins when Takahashi opens with it: Takahashi, Aoki or Draw.

Options:
  --depth     also print how many words the game lasts, counting the opening word, when the
              winner hurries and the loser delays (\"Aoki 2\", \"Takahashi 1\", \"Draw\")
  -h, --help  print this help

To see the games played out, or the game graph drawn: atcoder-games explain shiritori I...,
atcoder-games dot shiritori (the crate's tool, see its README).
";

/// What the command line asks for.
enum Request {
    Help,
    /// The judge's output: the winner of each game.
    Winners,
    /// The winner of each game and its length.
    Depths,
}

/// Reads the command line: nothing, `--depth`, or `--help`. Every argument is checked, so a
/// mistake is reported wherever it stands, `--help` or not.
fn parse_arguments(arguments: impl Iterator<Item = OsString>) -> Result<Request, String> {
    let (mut depths, mut help) = (false, false);
    for argument in arguments {
        match argument.to_str() {
            Some("--depth") => depths = true,
            Some("-h" | "--help") => help = true,
            Some(flag) if flag == "--explain" || flag.starts_with("--explain=") => {
                return Err(format!(
                    "{flag} has moved to the tool: atcoder-games explain shiritori I..."
                ));
            }
            Some("--dot") => {
                return Err("--dot has moved to the tool: atcoder-games dot shiritori".to_string());
            }
            _ => return Err(format!("unknown argument {argument:?}")),
        }
    }
    Ok(match (help, depths) {
        (true, _) => Request::Help,
        (false, true) => Request::Depths,
        (false, false) => Request::Winners,
    })
}

/// Letters per vertex: a word follows another when its first `BLOCK` letters are the other's last.
pub const BLOCK: usize = 3;

/// Letters in the alphabet, `A`–`Z` then `a`–`z`; upper and lower case are different letters.
const LETTERS: usize = 52;

/// Number of vertices: every three-letter block, whether or not a word uses it.
pub const VERTICES: usize = LETTERS * LETTERS * LETTERS;

/// Most words the flat `u32` arrays can index.
const MAX_WORDS: usize = u32::MAX as usize;

/// Up to this many words (2²²) are reserved from N alone; more only as they actually arrive, so a
/// huge N in a short input fails at its end instead of allocating for words that are not there.
const TRUSTED_CAPACITY: usize = 4_194_304;

/// Marks a byte that is not a letter in [`LETTER_CODE`].
const NOT_A_LETTER: u8 = u8::MAX;

/// Digit of each byte in the base-52 vertex numbering: `A`–`Z` → 0–25, `a`–`z` → 26–51.
const LETTER_CODE: [u8; 256] = {
    let mut code = [NOT_A_LETTER; 256];
    let mut letter = 0;
    while letter < 26 {
        code[b'A' as usize + letter] = letter as u8;
        code[b'a' as usize + letter] = (26 + letter) as u8;
        letter += 1;
    }
    code
};

/// One word as a move: from the vertex of its first three letters to that of its last three.
pub struct Edge {
    pub from: u32,
    pub to: u32,
}

/// Reads the input, `N` and then `N` words, each turned into its [`Edge`].
pub fn read_dictionary<R: BufRead>(source: &mut TokenSource<R>) -> Result<Vec<Edge>, InputError> {
    input! {
        from &mut *source,
        n: Count,
        words: with Words(n?),
    }
    let words = words?;
    match words.len() {
        0 => source.expect_end("N")?,
        n => source.expect_end(&format!("the last word (word {n})"))?,
    }
    Ok(words)
}

/// proconio marker for the dictionary: this many words, each read as its [`Edge`].
///
/// Unlike proconio's `[T; n]`, it trusts the count with memory only up to [`TRUSTED_CAPACITY`]
/// words, and it stops at the first word that is missing or malformed.
struct Words(usize);

impl RuntimeReadable for Words {
    type Output = Result<Vec<Edge>, InputError>;

    fn read<R: BufRead, S: Source<R>>(self, source: &mut S) -> Self::Output {
        let Self(count) = self;
        if count > MAX_WORDS {
            return Err(InputError::Invalid(format!(
                "N ({count}) is larger than the {MAX_WORDS} words supported"
            )));
        }
        let mut edges = Vec::with_capacity(count.min(TRUSTED_CAPACITY));
        for index in 1..=count {
            let word = next_token(source, || format!("word {index} of {count}"))?;
            edges.push(word_edge(word).ok_or_else(|| malformed_word(word, index))?);
        }
        Ok(edges)
    }
}

/// The edge of `word` if it is at least three letters `A`–`Z`/`a`–`z`.
///
/// The word is checked as its first three letters, its last three and what lies between (nothing,
/// in most words): fixed-size pieces where a plain loop over the word would end at a different
/// length each time and cost the processor a mispredicted branch per word. What is wrong with a
/// word that is not one is worked out apart, by [`malformed_word`], off the reading loop's path.
fn word_edge(word: &str) -> Option<Edge> {
    let bytes = word.as_bytes();
    let all_letters = |piece: &[u8]| {
        piece
            .iter()
            .all(|&b| LETTER_CODE[b as usize] != NOT_A_LETTER)
    };
    let middle = bytes
        .get(BLOCK..bytes.len().saturating_sub(BLOCK))
        .unwrap_or_default();
    let (head, tail) = bytes
        .first_chunk::<BLOCK>()
        .zip(bytes.last_chunk::<BLOCK>())?;
    (all_letters(head) && all_letters(tail) && all_letters(middle)).then(|| Edge {
        from: vertex(head),
        to: vertex(tail),
    })
}

/// What is wrong with word number `index`, which has no [`word_edge`].
fn malformed_word(word: &str, index: usize) -> InputError {
    let what = format!("word {index} ({})", quoted(word));
    match first_disallowed(word.as_bytes(), |b| b.is_ascii_alphabetic()) {
        Some(bad) => unexpected_character(&what, word, bad, "the letters A-Z and a-z"),
        None => InputError::Invalid(format!("{what} is shorter than {BLOCK} letters")),
    }
}

/// The vertex of a three-letter block: its letters read as a base-52 number.
fn vertex(block: &[u8]) -> u32 {
    block.iter().fold(0, |id, &letter| {
        id * LETTERS as u32 + u32::from(LETTER_CODE[letter as usize])
    })
}

/// Lists of numbers grouped by vertex, in compressed sparse row form: vertex `v`'s list is
/// `items[first[v]..first[v + 1]]`. Two flat arrays instead of one `Vec` per vertex: two
/// allocations in all, and each list lies contiguously in memory.
pub struct Grouped {
    first: Vec<u32>,
    items: Vec<u32>,
}

impl Grouped {
    /// Groups `count` numbers by vertex, `item(k)` under `vertex(k)`, by counting sort: O(count +
    /// 52³). Each list keeps the order of `k`.
    pub fn new(count: usize, vertex: impl Fn(usize) -> u32, item: impl Fn(usize) -> u32) -> Self {
        // After the prefix sum, first[v + 1] is where v's list ends. The fill counts each end
        // down to where the list starts, which is the end of the list before; filling from the
        // last number to the first keeps each list in order.
        let mut first = vec![0u32; VERTICES + 1];
        for k in 0..count {
            first[vertex(k) as usize + 1] += 1;
        }
        for v in 0..VERTICES {
            first[v + 1] += first[v];
        }
        let mut items = vec![0u32; count];
        for k in (0..count).rev() {
            let slot = &mut first[vertex(k) as usize + 1];
            *slot -= 1;
            items[*slot as usize] = item(k);
        }
        first.copy_within(1.., 0);
        first[VERTICES] = count as u32;
        Self { first, items }
    }

    /// Vertex `v`'s list.
    pub fn of(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.items[self.first[v] as usize..self.first[v + 1] as usize]
    }
}

/// The word graph with every edge reversed: the vertices with an edge into each vertex, and how
/// many edges leave each.
pub struct ReverseGraph {
    predecessors: Grouped,
    /// Outgoing edges of each vertex, counting a repeated word as often as it is listed.
    out_degree: Vec<u32>,
}

impl ReverseGraph {
    /// Builds the reversed graph of `words`: O(N + 52³).
    pub fn new(words: &[Edge]) -> Self {
        let mut out_degree = vec![0u32; VERTICES];
        for edge in words {
            out_degree[edge.from as usize] += 1;
        }
        let predecessors = Grouped::new(words.len(), |k| words[k].to, |k| words[k].from);
        Self {
            predecessors,
            out_degree,
        }
    }
}

/// What the player to move at a vertex gets under optimal play.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Loss,
    Win,
    Draw,
}

impl Outcome {
    /// Who wins when Takahashi's opening word leads to a vertex with this outcome: Aoki is the
    /// one to move there.
    pub const fn winner(self) -> &'static str {
        match self {
            Self::Loss => "Takahashi",
            Self::Win => "Aoki",
            Self::Draw => "Draw",
        }
    }
}

/// What the retrograde analysis finds.
pub struct Analysis {
    /// Each vertex's outcome for the player to move.
    pub outcome: Vec<Outcome>,
    /// The decided vertices that some edge leads to, in the order the FIFO queue decided them.
    order: Vec<u32>,
    /// Where each depth starts in `order`: the vertices at depth `d` (the game from them lasts
    /// `d` words) are `order[level_start[d]..level_start[d + 1]]`, the last depth running to
    /// the end of `order`.
    level_start: Vec<usize>,
}

/// Decides every vertex by retrograde analysis: a vertex without a move is lost, one with a move
/// into a lost vertex is won, one whose moves all lead into won vertices is lost, and one these
/// rules never decide is a draw (docs/shiritori.md shows why nobody can force a win from it).
///
/// Decided vertices wait in a FIFO queue; taking one out, we look at every vertex with an edge
/// into it. If it is lost, each such undecided predecessor is won at once. If it is won, the
/// predecessor has one edge fewer that might still save it: `undecided_edges` counts those down,
/// and at zero the predecessor is lost. A vertex enters the queue once, when it is decided, and
/// each edge is looked at once: O(N + 52³). Vertices never decided are draws.
///
/// The vertices decided while one depth is taken out of the queue are one word deeper and come
/// right after it, so noting where each depth starts is all `--depth` needs; the judge's answer
/// pays one comparison per vertex for it and no memory.
pub fn retrograde_analysis(mut graph: ReverseGraph) -> Analysis {
    let mut outcome = vec![Outcome::Draw; VERTICES];
    // The out-degrees are needed only as the counters: take them over rather than copy them.
    let mut undecided_edges = std::mem::take(&mut graph.out_degree);
    // Each vertex is pushed at most once, so a vector with a read cursor is the whole queue.
    let mut queue = Vec::with_capacity(VERTICES);
    for (v, &degree) in undecided_edges.iter().enumerate() {
        if degree == 0 {
            outcome[v] = Outcome::Loss;
            // Most blocks are in no word at all: a dead end that no edge leads to has nothing
            // to pass on, and leaving it out of the queue saves visiting it.
            if !graph.predecessors.of(v as u32).is_empty() {
                queue.push(v as u32);
            }
        }
    }
    let mut level_start = vec![0];
    let mut level_end = queue.len();
    let mut next = 0;
    while let Some(&v) = queue.get(next) {
        if next == level_end {
            level_start.push(next);
            level_end = queue.len();
        }
        next += 1;
        let lost = outcome[v as usize] == Outcome::Loss;
        for &u in graph.predecessors.of(v) {
            let u = u as usize;
            if outcome[u] != Outcome::Draw {
                continue;
            }
            if lost {
                outcome[u] = Outcome::Win;
                queue.push(u as u32);
            } else {
                undecided_edges[u] -= 1;
                if undecided_edges[u] == 0 {
                    outcome[u] = Outcome::Loss;
                    queue.push(u as u32);
                }
            }
        }
    }
    Analysis {
        outcome,
        order: queue,
        level_start,
    }
}

/// Bytes per line in [`render_winners`]: room for the longest line, `Takahashi\n`, and more.
const SLOT: usize = 16;

/// The answer line for each [`Outcome`], padded with zeros to a [`SLOT`], and its real length.
const LINES: [([u8; SLOT], usize); 3] = {
    let outcomes = [Outcome::Loss, Outcome::Win, Outcome::Draw];
    let mut lines = [([0; SLOT], 0); 3];
    let mut o = 0;
    while o < outcomes.len() {
        let winner = outcomes[o].winner().as_bytes();
        let (line, length) = &mut lines[outcomes[o] as usize];
        let mut i = 0;
        while i < winner.len() {
            line[i] = winner[i];
            i += 1;
        }
        line[i] = b'\n';
        *length = i + 1;
        o += 1;
    }
    lines
};

/// The judge's answer, one line per word in input order: the winner when Takahashi opens with
/// the word, which is decided by the vertex of its last three letters.
///
/// Each line is copied as a fixed [`SLOT`] and the end moves on by the line's length, so the
/// (random) winners cost no mispredicted branches. The zeroed buffer comes straight from the
/// allocator as fresh pages, and only the part written is ever touched.
fn render_winners(words: &[Edge], analysis: &Analysis) -> Vec<u8> {
    let mut report = vec![0; words.len() * "Takahashi\n".len() + SLOT];
    let mut end = 0;
    for edge in words {
        let (line, length) = &LINES[analysis.outcome[edge.to as usize] as usize];
        report[end..end + SLOT].copy_from_slice(line);
        end += length;
    }
    report.truncate(end);
    report
}

/// The `--depth` answer: the winner and the number of words of the whole game, Takahashi's
/// opening word included (so one more than the depth of the vertex it leads to).
fn render_depths(words: &[Edge], analysis: &Analysis) -> Vec<u8> {
    let depth = analysis.depths();
    let mut report = Vec::with_capacity(words.len() * "Takahashi 1\n".len());
    for edge in words {
        let to = edge.to as usize;
        let outcome = analysis.outcome[to];
        report.extend_from_slice(outcome.winner().as_bytes());
        if outcome != Outcome::Draw {
            report.push(b' ');
            push_decimal(&mut report, depth[to] as usize + 1);
        }
        report.push(b'\n');
    }
    report
}

impl Analysis {
    /// Each decided vertex's depth, the number of words the game from it lasts under optimal
    /// play: its level in the queue (see [`retrograde_analysis`]). 0 for the others.
    pub fn depths(&self) -> Vec<u32> {
        let mut depth = vec![0; VERTICES];
        let level_ends = self.level_start[1..].iter().copied();
        let level_ends = level_ends.chain([self.order.len()]);
        for (d, (&start, end)) in (0..).zip(self.level_start.iter().zip(level_ends)) {
            for &v in &self.order[start..end] {
                depth[v as usize] = d;
            }
        }
        depth
    }
}

/// Appends `number` in decimal.
fn push_decimal(report: &mut Vec<u8>, mut number: usize) {
    let mut digits = [0; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (number % 10) as u8;
        number /= 10;
        if number == 0 {
            break;
        }
    }
    report.extend_from_slice(&digits[start..]);
}

// The input and output plumbing, the same in every solution of this crate. A submission is one
// file, so each solution carries a copy of this module: the one in src/bin/shiritori.rs is
// canonical, a test checks that the others are identical, and
// `BLESS=1 cargo test --test single_file` copies it over them. It is `pub` for the tests, which
// include this file as a module to test the tokenizer on its own.
pub mod plumbing {
    //! What the solutions use:
    //! - [`TokenSource`]: proconio's [`Source`] over any reader, fast, and without panics; for
    //!   `input! { from &mut source, ... }`.
    //! - [`Count`]: the proconio marker for `N`, a non-negative integer, read as a `Result`.
    //! - [`next_token`]: for a solution's own markers, the next token or an [`InputError`].
    //! - [`TokenSource::expect_end`] checks that nothing follows the last token, and
    //!   [`TokenSource::message`] turns an [`InputError`] into the line to print.
    //! - [`first_disallowed`], [`unexpected_character`] and [`quoted`] check tokens and word
    //!   the errors; [`write_report`], [`fail`] and [`usage_error`] end the run as the error
    //!   contract says.

    use proconio::source::{Readable, Source};
    use std::io::{self, BufRead, BufWriter, Read, Write};
    use std::num::{IntErrorKind, ParseIntError};
    use std::process::ExitCode;

    /// Why the input was not read.
    #[derive(Debug)]
    pub enum InputError {
        /// There was no token where `what` should be: the input ended, or the source stopped at
        /// a token it could not read ([`TokenSource::message`] tells which).
        Missing { what: String },
        /// A token was not what it should be; the message says what and where.
        Invalid(String),
    }

    /// The next token, or [`InputError::Missing`] naming `what` was expected. `what` is only
    /// worded when it is needed.
    pub fn next_token<R: BufRead, S: Source<R>>(
        source: &mut S,
        what: impl FnOnce() -> String,
    ) -> Result<&str, InputError> {
        source
            .next_token()
            .ok_or_else(|| InputError::Missing { what: what() })
    }

    /// proconio marker for the count `N`: a non-negative decimal integer.
    pub enum Count {}

    impl Readable for Count {
        type Output = Result<usize, InputError>;

        fn read<R: BufRead, S: Source<R>>(source: &mut S) -> Self::Output {
            let token = next_token(source, || "N".to_string())?;
            token.parse().map_err(|error: ParseIntError| {
                InputError::Invalid(match error.kind() {
                    IntErrorKind::PosOverflow => format!("N ({}) is too large", quoted(token)),
                    _ if token.starts_with('-') => format!("N ({}) is negative", quoted(token)),
                    _ => format!("N ({}) is not a non-negative integer", quoted(token)),
                })
            })
        }
    }

    /// Writes to stdout the report that `write` produces, through a buffer, so that it may come
    /// in one piece (the judge's answers) or line by line (the explanations). A reader that
    /// closed the pipe early (say, `head`) has what it wanted; any other failure is an error.
    pub fn write_report(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> ExitCode {
        let mut stdout = BufWriter::new(io::stdout().lock());
        match write(&mut stdout).and_then(|()| stdout.flush()) {
            Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
                fail(&format!("cannot write the output: {error}"))
            }
            _ => ExitCode::SUCCESS,
        }
    }

    /// Reports `message` on stderr, the contract's `error: ` line, and exits with status 1.
    pub fn fail(message: &str) -> ExitCode {
        eprintln!("error: {message}");
        ExitCode::FAILURE
    }

    /// Reports a mistake on the command line as clap-built tools do: `message`, the usage (the
    /// first line of `help`) and a pointer to `--help`; exits with status 2.
    pub fn usage_error(message: &str, help: &str) -> ExitCode {
        let usage = help.lines().next().unwrap_or_default();
        eprintln!("error: {message}\n\n{usage}\n\nFor more information, try '--help'.");
        ExitCode::from(2)
    }

    /// Bytes tested at once by [`first_disallowed`].
    const TESTED_AT_ONCE: usize = 64;

    /// Where the first byte of `bytes` that is not `allowed` is, if there is one.
    ///
    /// A plain `position` branches on every byte, and on random input (X is a random mix of `A`
    /// and `T`) half of those branches are mispredicted. This tests [`TESTED_AT_ONCE`] bytes at a
    /// time without branching among them, which the compiler turns into vector instructions.
    pub fn first_disallowed(bytes: &[u8], allowed: impl Fn(u8) -> bool) -> Option<usize> {
        let all_allowed = |block: &[u8]| block.iter().fold(true, |ok, &b| ok & allowed(b));
        let bad_block = bytes
            .chunks(TESTED_AT_ONCE)
            .position(|block| !all_allowed(block))?;
        let start = bad_block * TESTED_AT_ONCE;
        bytes[start..]
            .iter()
            .position(|&b| !allowed(b))
            .map(|offset| start + offset)
    }

    /// Says that `token`, called `what`, has a character outside `allowed` at byte `offset`.
    pub fn unexpected_character(
        what: &str,
        token: &str,
        offset: usize,
        allowed: &str,
    ) -> InputError {
        let character = token[offset..].chars().next().unwrap_or_default();
        let position = token[..offset].chars().count() + 1;
        InputError::Invalid(format!(
            "{what} has {character:?} (U+{:04X}) at position {position}, but may only contain {allowed}",
            u32::from(character)
        ))
    }

    /// Shows a token in an error message: quoted, escaped, and cut short if long.
    pub fn quoted(token: &str) -> String {
        const SHOWN: usize = 24;
        match token.char_indices().nth(SHOWN) {
            Some((cut, _)) => format!("{:?}...", &token[..cut]),
            None => format!("{token:?}"),
        }
    }

    /// Bytes asked of the reader per refill; only a longer token makes the buffer grow.
    pub const CHUNK: usize = 1 << 16;

    /// The tokens of a byte stream, separated by ASCII whitespace, served through proconio's
    /// [`Source`] trait so that `input!` reads them.
    ///
    /// proconio 0.5.0's own sources cost more than a whole solution: `input!` on stdin reads
    /// line by line, and `OnceSource` copies all input into one `String`. This source reads
    /// fixed-size chunks into one buffer and lends out slices of it, so it holds one chunk, or
    /// the longest token, however long the input is. A token that is not UTF-8, or a failed
    /// read, ends the stream; the failure is kept for [`TokenSource::message`].
    pub struct TokenSource<R> {
        reader: R,
        /// Bytes read so far that are still needed; `buffer[start..]` is not yet handed out.
        buffer: Vec<u8>,
        start: usize,
        at_eof: bool,
        failure: Option<SourceFailure>,
    }

    /// Why a [`TokenSource`] stopped before the end of its input.
    enum SourceFailure {
        Read(io::Error),
        NotUtf8 { offset: usize, byte: u8 },
    }

    impl<R: BufRead> TokenSource<R> {
        pub fn new(reader: R) -> Self {
            Self {
                reader,
                buffer: Vec::with_capacity(CHUNK),
                start: 0,
                at_eof: false,
                failure: None,
            }
        }

        /// Checks that nothing but whitespace follows `last`, the last token expected.
        pub fn expect_end(&mut self, last: &str) -> Result<(), InputError> {
            if let Some(extra) = self.next_token() {
                return Err(InputError::Invalid(format!(
                    "unexpected {} after {last}, where the input should end",
                    quoted(extra)
                )));
            }
            match self.failure {
                Some(_) => Err(InputError::Missing {
                    what: format!("the text after {last}"),
                }),
                None => Ok(()),
            }
        }

        /// The message for `error`: a missing token is explained by the failure that stopped
        /// the stream there, if one did.
        pub fn message(&self, error: InputError) -> String {
            match (error, &self.failure) {
                (InputError::Invalid(message), _) => message,
                (InputError::Missing { what }, None) => format!("the input ends before {what}"),
                (InputError::Missing { .. }, Some(SourceFailure::Read(error))) => {
                    format!("cannot read the input: {error}")
                }
                (InputError::Missing { what }, Some(SourceFailure::NotUtf8 { offset, byte })) => {
                    format!("{what} is not UTF-8 text (byte 0x{byte:02X} at byte offset {offset})")
                }
            }
        }

        /// Moves `start` to the next token's first byte, reading as needed; false at the end,
        /// which a failure brings forward.
        fn skip_whitespace(&mut self) -> bool {
            if self.failure.is_some() {
                return false;
            }
            loop {
                let unread = &self.buffer[self.start..];
                if let Some(skip) = unread.iter().position(|b| !b.is_ascii_whitespace()) {
                    self.start += skip;
                    return true;
                }
                self.start = self.buffer.len();
                if !self.refill() {
                    return false;
                }
            }
        }

        /// Appends up to a chunk of input after dropping the bytes already handed out; false at
        /// the end of input or after a read error, which is kept in `failure`.
        fn refill(&mut self) -> bool {
            if self.at_eof {
                return false;
            }
            self.buffer.drain(..self.start);
            self.start = 0;
            // Reading one chunk at a time, never into all the spare room, keeps the bytes read
            // ahead of a long token (and so the memory touched) down to a chunk. `read_to_end`
            // reads into the spare capacity directly: no zeroing, no intermediate copy.
            self.buffer.reserve(CHUNK);
            match (&mut self.reader)
                .take(CHUNK as u64)
                .read_to_end(&mut self.buffer)
            {
                Ok(0) => self.at_eof = true,
                Ok(_) => {}
                Err(error) => {
                    self.failure = Some(SourceFailure::Read(error));
                    self.at_eof = true;
                }
            }
            !self.at_eof
        }
    }

    /// Eight one bits, one in each byte of a `u64`: a multiplier that repeats a byte eight times.
    const BYTE_ONES: u64 = u64::from_le_bytes([1; 8]);

    /// The high bit of each byte of a `u64`.
    const BYTE_HIGH_BITS: u64 = BYTE_ONES * 0x80;

    /// Where the first ASCII whitespace byte in `bytes` is, if there is one; sets `non_ascii` if
    /// a byte before it is not ASCII.
    ///
    /// Every whitespace byte is below `0x21`. A short token (every Shiritori word) ends within
    /// its first eight bytes, which one test of a `u64` settles with no loop: in a little-endian
    /// word, `(word - 0x2121…21) & !word & 0x8080…80` flags exactly the lowest byte below `0x21`,
    /// if any, and the high bits of the bytes before it tell whether they are ASCII. A long token
    /// (Lucky 7's strings) is searched by [`first_disallowed`], at vector speed, for the first
    /// byte that is not `0x21`–`0x7F`: whitespace ends the token, a control character is stepped
    /// over, and a non-ASCII byte is noted, after which only whitespace is looked for. So a
    /// token's bytes are read once to find both its end and whether it is ASCII.
    fn find_whitespace(bytes: &[u8], non_ascii: &mut bool) -> Option<usize> {
        if let Some(word) = bytes.first_chunk::<8>() {
            let word = u64::from_le_bytes(*word);
            let below_0x21 = word.wrapping_sub(BYTE_ONES * 0x21) & !word & BYTE_HIGH_BITS;
            let candidate = (below_0x21.trailing_zeros() / 8) as usize;
            if candidate < 8 && bytes[candidate].is_ascii_whitespace() {
                let before_candidate = (1 << (8 * candidate)) - 1;
                *non_ascii |= word & before_candidate & BYTE_HIGH_BITS != 0;
                return Some(candidate);
            }
        }
        let mut offset = 0;
        loop {
            let rest = &bytes[offset..];
            // Read as signed, the bytes 0x80-0xFF are negative: one comparison stops at them too.
            let candidate = offset
                + if *non_ascii {
                    first_disallowed(rest, |b| b > b' ')
                } else {
                    first_disallowed(rest, |b| b as i8 > b' ' as i8)
                }?;
            if bytes[candidate].is_ascii_whitespace() {
                return Some(candidate);
            }
            *non_ascii |= !bytes[candidate].is_ascii();
            offset = candidate + 1;
        }
    }

    impl<R: BufRead> Source<R> for TokenSource<R> {
        fn next_token(&mut self) -> Option<&str> {
            if !self.skip_whitespace() {
                return None;
            }
            // The token runs to the next whitespace; while it runs into the end of the buffer,
            // read on.
            let mut scanned = self.start;
            let mut non_ascii = false;
            let end = loop {
                if let Some(length) = find_whitespace(&self.buffer[scanned..], &mut non_ascii) {
                    break scanned + length;
                }
                // Refilling moves the unread bytes, and with them the token, to the front.
                let scanned_length = self.buffer.len() - self.start;
                if !self.refill() {
                    break self.buffer.len();
                }
                scanned = self.start + scanned_length;
            };
            let begin = std::mem::replace(&mut self.start, end);
            let token = &self.buffer[begin..end];
            if !non_ascii {
                // SAFETY: ASCII is valid UTF-8. Knowing that from the search for the token's end
                // saves reading it again: `from_utf8` on every short token would cost a fifth of
                // a Shiritori run, and `is_ascii` a pass over Lucky 7's long strings.
                return Some(unsafe { std::str::from_utf8_unchecked(token) });
            }
            match std::str::from_utf8(token) {
                Ok(text) => Some(text),
                Err(error) => {
                    let offset = error.valid_up_to();
                    self.failure = Some(SourceFailure::NotUtf8 {
                        offset,
                        byte: token[offset],
                    });
                    None
                }
            }
        }

        fn is_empty(&mut self) -> bool {
            !self.skip_whitespace()
        }
    }
}
