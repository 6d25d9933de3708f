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
//! The file reads: the analysis, the graph it walks, reading and writing, the command line, and
//! last the input plumbing. Its steps are the API that the crate's tool and tests call in place
//! (they include this file): [`read_dictionary`] (or [`Dictionary::add`], a word at a time) →
//! [`analyse`] → [`write_winners`] or [`write_depths`].

use plumbing::{
    Count, InputError, TokenSource, error_exit, first_disallowed, next_token, quoted,
    unexpected_character, usage_exit, write_stdout,
};
use proconio::input;
use proconio::source::{RuntimeReadable, Source};
use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

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
    /// The decided vertices that some edge leads to, in the order the FIFO queue decided them:
    /// the dead ends first.
    pub order: Vec<u32>,
    /// Where each depth starts in `order`: the vertices at depth `d` (the game from them lasts
    /// `d` words) are `order[level_start[d]..level_start[d + 1]]`, the last depth running to
    /// the end of `order`.
    level_start: Vec<u32>,
}

/// The state of a vertex that the analysis has found won; any other state is the number of its
/// moves not yet known to lead into a won vertex, so 0 is lost (no move, or all into won
/// vertices), and a state above 0 that stays so is a draw.
const WON: u32 = u32::MAX;

/// Decides every vertex by retrograde analysis: a vertex without a move is lost, one with a move
/// into a lost vertex is won, one whose moves all lead into won vertices is lost, and one these
/// rules never decide is a draw (docs/shiritori.md shows why nobody can force a win from it).
///
/// Each vertex's state starts as its out-degree. Decided vertices wait in a FIFO queue; taking
/// one out, we look at every vertex with an edge into it. If it is lost, each such undecided predecessor is won at once. If it is won, the
/// predecessor has one edge fewer that might still save it: its state counts those down, and at
/// zero the predecessor is lost. A vertex enters the queue once, when it is decided, and each
/// edge is looked at once: O(N + 52³). Vertices never decided are draws.
///
/// The vertices decided while one depth is taken out of the queue are one word deeper and come
/// right after it, so noting where each depth starts is all `--depth` needs; the judge's answer
/// pays one comparison per vertex for it.
fn retrograde_analysis(predecessors: &Predecessors, mut state: Vec<u32>) -> Analysis {
    // Each vertex is pushed at most once, so a vector with a read cursor is the whole queue. It
    // starts with the dead ends (lost) that some edge leads to; the others have nothing to pass
    // on. Written without a branch, for dead ends are scattered at random.
    let mut queue = vec![0; VERTICES];
    let mut queued = 0;
    predecessors.each_entered(|v, entered| {
        queue[queued] = v;
        queued += usize::from(state[v as usize] == 0 && entered);
    });
    let mut level_start = vec![0];
    let mut level_end = queued;
    let mut next = 0;
    while next < queued {
        if next == level_end {
            level_start.push(next as u32);
            level_end = queued;
        }
        let v = queue[next];
        next += 1;
        let lost = state[v as usize] == 0;
        for &u in predecessors.of(v) {
            let u_state = &mut state[u as usize];
            if *u_state == 0 || *u_state == WON {
                continue;
            }
            *u_state = if lost { WON } else { *u_state - 1 };
            if *u_state == 0 || *u_state == WON {
                queue[queued] = u;
                queued += 1;
            }
        }
    }
    queue.truncate(queued);
    let outcome = state
        .iter()
        .map(|&state| match state {
            0 => Outcome::Loss,
            WON => Outcome::Win,
            _ => Outcome::Draw,
        })
        .collect();
    Analysis {
        outcome,
        order: queue,
        level_start,
    }
}

impl Analysis {
    /// Each decided vertex's depth, the number of words the game from it lasts under optimal
    /// play: its level in the queue (see [`retrograde_analysis`]). 0 for the others.
    pub fn depths(&self) -> Vec<u32> {
        let mut depth = vec![0; VERTICES];
        let level_ends = self.level_start[1..].iter().copied();
        let level_ends = level_ends.chain([self.order.len() as u32]);
        for (d, (&start, end)) in (0..).zip(self.level_start.iter().zip(level_ends)) {
            for &v in &self.order[start as usize..end as usize] {
                depth[v as usize] = d;
            }
        }
        depth
    }
}

/// The analysis of the game of `moves`: [`retrograde_analysis`] of the graph with every edge
/// reversed, each vertex with its [`Predecessors`], and how many moves leave each (a word listed
/// twice counted twice). O(N + 52³).
pub fn analyse(moves: Moves) -> Analysis {
    let Moves { out_degree, filed } = moves;
    retrograde_analysis(&Predecessors::new(filed), out_degree)
}

/// Letters per vertex: a word follows another when its first three letters are the other's last.
pub const BLOCK_LETTERS: usize = 3;

/// Letters in the alphabet, `A`–`Z` then `a`–`z`; upper and lower case are different letters.
const LETTERS: usize = 52;

/// Number of vertices: every three-letter block, whether or not a word uses it.
pub const VERTICES: usize = LETTERS * LETTERS * LETTERS;

/// The vertices whose blocks start with one letter: this many consecutive numbers.
const VERTICES_PER_LETTER: u32 = (LETTERS * LETTERS) as u32;

/// Bits of a filed move that say which of its letter's vertices it leads to (2,704 < 2¹²); the
/// vertex it comes from (52³ < 2¹⁸) takes the bits above them.
const VERTEX_IN_LETTER_BITS: u32 = 12;

/// Each vertex's predecessors, the vertices with a move into it (one per move, so a word listed
/// twice gives two, in input order), grouped vertex by vertex: for each letter, the predecessors
/// of its 2,704 vertices in one array, and where each vertex's list starts in it.
struct Predecessors {
    /// `lists[c]`: the predecessors of the vertices whose block starts with letter `c`, the
    /// first vertex's list first.
    lists: Vec<Vec<u32>>,
    /// Where each vertex's list starts in its letter's: `starts[c * 2705 + i]` for vertex
    /// `c * 2704 + i`, and after the letter's last vertex, the end of its last list.
    starts: Vec<u32>,
}

/// The length of a letter's run in [`Predecessors::starts`]: a start per vertex, then the end.
const STARTS_PER_LETTER: usize = VERTICES_PER_LETTER as usize + 1;

impl Predecessors {
    /// Sorts the filed moves of each letter by the vertex they lead to, by counting sort, in
    /// their own array through a copy: O(N + 52³). Sorting letter by letter keeps each sort's
    /// counters in cache (docs/benchmarks.md has the measurements).
    fn new(mut filed: Vec<Vec<u32>>) -> Self {
        let mut starts = vec![0u32; LETTERS * STARTS_PER_LETTER];
        let mut unsorted = Vec::new();
        for (moves, starts) in filed
            .iter_mut()
            .zip(starts.chunks_exact_mut(STARTS_PER_LETTER))
        {
            // A letter that no move leads into keeps its starts at 0: every list empty.
            if moves.is_empty() {
                continue;
            }
            let vertex = |packed: u32| (packed % (1 << VERTEX_IN_LETTER_BITS)) as usize;
            // After the prefix sum, starts[i + 1] is where vertex i's list ends. The fill counts
            // each end down to where the list starts, which is the end of the list before.
            for &packed in moves.iter() {
                starts[vertex(packed) + 1] += 1;
            }
            // The running total stays in a register: each step adds, with no store to wait for.
            let mut total = 0;
            for start in starts.iter_mut() {
                total += *start;
                *start = total;
            }
            unsorted.clone_from(moves);
            // From the last move to the first: each list keeps the order in which they were read.
            for &packed in unsorted.iter().rev() {
                let end = &mut starts[vertex(packed) + 1];
                *end -= 1;
                moves[*end as usize] = packed >> VERTEX_IN_LETTER_BITS;
            }
            starts.copy_within(1.., 0);
            starts[STARTS_PER_LETTER - 1] = moves.len() as u32;
        }
        Self {
            lists: filed,
            starts,
        }
    }

    /// Calls `entered` with each vertex in order and whether it has a predecessor, but for the
    /// vertices of blocks' runs that share their first two letters and have no predecessor, which
    /// it skips, 52 at a time: a small dictionary's answer then walks a few dozen vertices for
    /// each word, not all 52³.
    fn each_entered(&self, mut entered: impl FnMut(u32, bool)) {
        let mut first = 0;
        for starts in self.starts.chunks_exact(STARTS_PER_LETTER) {
            for run in 0..LETTERS {
                let starts = &starts[run * LETTERS..=(run + 1) * LETTERS];
                if starts[0] < starts[LETTERS] {
                    for (v, ends) in (first..).zip(starts.windows(2)) {
                        entered(v, ends[0] < ends[1]);
                    }
                }
                first += LETTERS as u32;
            }
        }
    }

    /// Vertex `v`'s predecessors.
    #[inline]
    fn of(&self, v: u32) -> &[u32] {
        let letter = (v / VERTICES_PER_LETTER) as usize;
        // The letters before this one have one entry more each than vertices.
        let at = v as usize + letter;
        &self.lists[letter][self.starts[at] as usize..self.starts[at + 1] as usize]
    }
}

/// Every move of the game, as read: how many leave each vertex, and each move filed under the
/// first letter of the vertex it leads to, for [`Predecessors::new`].
pub struct Moves {
    /// The moves leaving each vertex, a word listed twice counted twice.
    out_degree: Vec<u32>,
    /// `filed[c]`: the moves into the vertices whose block starts with letter `c`, each as
    /// `from << 12 | to % 2704`: the vertex it comes from, and which of the letter's vertices
    /// it leads to.
    filed: Vec<Vec<u32>>,
}

impl Moves {
    /// Room for `capacity` words: an even share of them, and a quarter more, under each letter,
    /// so that random words need no copying; a letter that gets more grows, as a `Vec` does.
    fn with_capacity(capacity: usize) -> Self {
        let share = capacity / LETTERS * 5 / 4;
        Self {
            out_degree: vec![0; VERTICES],
            filed: (0..LETTERS).map(|_| Vec::with_capacity(share)).collect(),
        }
    }

    /// Adds the move from vertex `from` to vertex `to`.
    fn add(&mut self, from: u32, to: u32) {
        self.out_degree[from as usize] += 1;
        let letter = (to / VERTICES_PER_LETTER) as usize;
        self.filed[letter].push((from << VERTEX_IN_LETTER_BITS) | (to % VERTICES_PER_LETTER));
    }
}

/// The dictionary as the analysis and the answer read it: the vertex each word leads to, in
/// input order, and the moves.
pub struct Dictionary {
    /// `to[k]`: the vertex of word `k`'s last three letters. The answer reads only this.
    pub to: Vec<u32>,
    pub moves: Moves,
}

impl Dictionary {
    /// No words yet, with room for `capacity`.
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            to: Vec::with_capacity(capacity),
            moves: Moves::with_capacity(capacity),
        }
    }

    /// Adds `word`, word number `index` (from 1): the move from its first three letters to its
    /// last three.
    pub fn add(&mut self, word: &str, index: usize) -> Result<(), InputError> {
        let (head, tail) = word_ends(word).ok_or_else(|| malformed_word(word, index))?;
        self.to.push(tail);
        self.moves.add(head, tail);
        Ok(())
    }
}

/// Most words the flat `u32` arrays can index, and the analysis can count as a vertex's moves
/// (one value, [`WON`], marks a won vertex).
const MAX_WORDS: usize = u32::MAX as usize - 1;

/// Up to this many words (2²²) are reserved from N alone; more only as they actually arrive, so a
/// huge N in a short input fails at its end instead of allocating for words that are not there.
const TRUSTED_CAPACITY: usize = 4_194_304;

/// Reads the input, `N` and then `N` words, as a [`Dictionary`].
pub fn read_dictionary<R: BufRead>(source: &mut TokenSource<R>) -> Result<Dictionary, InputError> {
    input! {
        from &mut *source,
        n: Count,
        dictionary: with Words(n?),
    }
    let dictionary = dictionary?;
    match dictionary.to.len() {
        0 => source.expect_end("N")?,
        n => source.expect_end(&format!("the last word (word {n})"))?,
    }
    Ok(dictionary)
}

/// proconio marker for the dictionary: this many words, read into a [`Dictionary`].
///
/// Unlike proconio's `[T; n]`, it trusts the count with memory only up to [`TRUSTED_CAPACITY`]
/// words, and it stops at the first word that is missing or malformed.
struct Words(usize);

impl RuntimeReadable for Words {
    type Output = Result<Dictionary, InputError>;

    fn read<R: BufRead, S: Source<R>>(self, source: &mut S) -> Self::Output {
        let Self(count) = self;
        if count > MAX_WORDS {
            return Err(InputError::Invalid(format!(
                "N ({count}) is larger than the {MAX_WORDS} words supported"
            )));
        }
        let mut dictionary = Dictionary::with_capacity(count.min(TRUSTED_CAPACITY));
        for index in 1..=count {
            let word = next_token(source, || format!("word {index} of {count}"))?;
            dictionary.add(word, index)?;
        }
        Ok(dictionary)
    }
}

/// Marks a byte that is not a letter in [`LETTER_CODE`]: its high bit, which no letter's code
/// has, is enough to tell.
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

/// The vertices of `word`'s first and last three letters, if it is at least three letters
/// `A`–`Z`/`a`–`z`.
///
/// The codes of a word of up to eight letters are checked all at once, without a loop whose
/// length varies (a mispredicted branch per word); what is wrong with a malformed word is
/// worked out apart, by [`malformed_word`].
pub fn word_ends(word: &str) -> Option<(u32, u32)> {
    let bytes = word.as_bytes();
    let (head, tail) = bytes
        .first_chunk::<BLOCK_LETTERS>()
        .zip(bytes.last_chunk::<BLOCK_LETTERS>())?;
    let code = |b: u8| LETTER_CODE[b as usize];
    let (head, tail) = (head.map(code), tail.map(code));
    // The letters between the first three and the last three of a word of up to eight are at 3
    // and 4; in a shorter word these positions, clamped to the last letter, are the tail's.
    let last = bytes.len() - 1;
    let between = code(bytes[3.min(last)]) | code(bytes[4.min(last)]);
    let codes = head[0] | head[1] | head[2] | tail[0] | tail[1] | tail[2] | between;
    let rest_between = bytes
        .get(5..bytes.len().saturating_sub(BLOCK_LETTERS))
        .unwrap_or_default();
    let rest = rest_between.iter().fold(0, |codes, &b| codes | code(b));
    ((codes | rest) & 0x80 == 0).then(|| (vertex(head), vertex(tail)))
}

/// What is wrong with word number `index`, which has no [`word_ends`].
fn malformed_word(word: &str, index: usize) -> InputError {
    let what = format!("word {index} ({})", quoted(word));
    match first_disallowed(word.as_bytes(), |b| b.is_ascii_alphabetic()) {
        Some(bad) => unexpected_character(&what, word, bad, "the letters A-Z and a-z"),
        None => InputError::Invalid(format!("{what} is shorter than {BLOCK_LETTERS} letters")),
    }
}

/// The vertex of a three-letter block, from its letters' codes: a base-52 number.
fn vertex(codes: [u8; BLOCK_LETTERS]) -> u32 {
    codes
        .iter()
        .fold(0, |id, &code| id * LETTERS as u32 + u32::from(code))
}

/// Bytes per line in [`write_winners`]: room for the longest line, `Takahashi\n`, and more.
const LINE_SLOT: usize = 16;

/// The answer line of each [`Outcome`] (as numbered: loss, win, draw), padded with zeros to a
/// [`LINE_SLOT`], and its real length.
const LINES: [([u8; LINE_SLOT], usize); 3] = [
    (*b"Takahashi\n\0\0\0\0\0\0", 10),
    (*b"Aoki\n\0\0\0\0\0\0\0\0\0\0\0", 5),
    (*b"Draw\n\0\0\0\0\0\0\0\0\0\0\0", 5),
];

/// Bytes of answer gathered before each write (64 KiB): a write per 64 KiB, and no more memory
/// than that, where the whole answer (up to 10 bytes a word) would be as large as the input.
const WRITTEN_AT_ONCE: usize = 65_536;

/// The judge's answer, one line per word in input order: the winner when Takahashi opens with
/// the word, which is decided by the vertex of its last three letters.
///
/// Each line is copied as a fixed [`LINE_SLOT`] and the end moves on by the line's length, so the
/// (random) winners cost no mispredicted branches.
pub fn write_winners(out: &mut dyn Write, to: &[u32], analysis: &Analysis) -> io::Result<()> {
    let mut buffer = [0; WRITTEN_AT_ONCE + LINE_SLOT];
    let mut end = 0;
    for &v in to {
        let (line, length) = &LINES[analysis.outcome[v as usize] as usize];
        buffer[end..end + LINE_SLOT].copy_from_slice(line);
        end += length;
        if end >= WRITTEN_AT_ONCE {
            out.write_all(&buffer[..end])?;
            end = 0;
        }
    }
    out.write_all(&buffer[..end])
}

/// The `--depth` answer: the winner and the number of words of the whole game, Takahashi's
/// opening word included (so one more than the depth of the vertex it leads to).
pub fn write_depths(out: &mut dyn Write, to: &[u32], analysis: &Analysis) -> io::Result<()> {
    let depth = analysis.depths();
    let mut out = io::BufWriter::with_capacity(WRITTEN_AT_ONCE, out);
    for &v in to {
        match analysis.outcome[v as usize] {
            Outcome::Draw => writeln!(out, "Draw")?,
            decided => writeln!(out, "{} {}", decided.winner(), depth[v as usize] + 1)?,
        }
    }
    out.flush()
}

fn main() -> ExitCode {
    command_line(std::env::args_os().skip(1))
}

/// The program with its command-line arguments, stdin and stdout: `main` for this binary, and
/// `atcoder-games solve shiritori`.
pub fn command_line(arguments: impl Iterator<Item = OsString>) -> ExitCode {
    let write: fn(&mut dyn Write, &[u32], &Analysis) -> io::Result<()> =
        match parse_arguments(arguments) {
            Ok(Request::Help) => return write_stdout(|out| out.write_all(HELP.as_bytes())),
            Ok(Request::Winners) => write_winners,
            Ok(Request::Depths) => write_depths,
            Err(message) => return usage_exit(&message, HELP),
        };
    let mut source = TokenSource::new(io::stdin().lock());
    match read_dictionary(&mut source) {
        Ok(dictionary) => {
            let analysis = analyse(dictionary.moves);
            write_stdout(|out| write(out, &dictionary.to, &analysis))
        }
        Err(error) => error_exit(&source.message(error)),
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

/// What the command line asks for: `--help`, the judge's output (the winner of each game), or
/// the winner and the length of each game.
enum Request {
    Help,
    Winners,
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
            _ => return Err(format!("unknown argument {argument:?}")),
        }
    }
    Ok(match (help, depths) {
        (true, _) => Request::Help,
        (false, true) => Request::Depths,
        (false, false) => Request::Winners,
    })
}

// The input and output plumbing, the same in every solution of this crate (a submission is one
// file): TokenSource, proconio's `Source` over any reader, fast and without panics; the
// markers' helpers, which return an InputError; the ends of a run as the contract says. The
// copy in src/bin/shiritori.rs is canonical: `BLESS=1 cargo test --test single_file` copies it.
pub mod plumbing {

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

    /// Writes to stdout, through a buffer, what `write` produces. A reader that closed the pipe
    /// early (say, `head`) has what it wanted; any other failure is an error.
    pub fn write_stdout(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> ExitCode {
        let mut stdout = BufWriter::new(io::stdout().lock());
        match write(&mut stdout).and_then(|()| stdout.flush()) {
            Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
                error_exit(&format!("cannot write the output: {error}"))
            }
            _ => ExitCode::SUCCESS,
        }
    }

    /// Reports `message` on stderr, the contract's `error: ` line: the exit status 1 to end with.
    pub fn error_exit(message: &str) -> ExitCode {
        eprintln!("error: {message}");
        ExitCode::FAILURE
    }

    /// Reports a mistake on the command line as clap-built tools do: `message`, the usage (the
    /// first line of `help`) and a pointer to `--help`: the exit status 2 to end with.
    pub fn usage_exit(message: &str, help: &str) -> ExitCode {
        let usage = help.lines().next().unwrap_or_default();
        eprintln!("error: {message}\n\n{usage}\n\nFor more information, try '--help'.");
        ExitCode::from(2)
    }

    /// Where the first byte of `bytes` that is not `allowed` is, if there is one. Tested 64 bytes
    /// at a time without a branch among them, which the compiler vectorizes: a plain `position`
    /// mispredicts half its branches on a random X.
    pub fn first_disallowed(bytes: &[u8], allowed: impl Fn(u8) -> bool) -> Option<usize> {
        let all_allowed = |block: &[u8]| block.iter().fold(true, |ok, &b| ok & allowed(b));
        let bad_block = bytes.chunks(64).position(|block| !all_allowed(block))?;
        let start = bad_block * 64;
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

    /// Bytes whose whitespace one `u64` marks.
    const MARKED_AT_ONCE: usize = 64;

    /// The tokens of a byte stream, separated by ASCII whitespace, served through proconio's
    /// [`Source`] trait so that `input!` reads them; proconio 0.5.0's own sources read line by
    /// line or copy all input, and cost more than a whole solution.
    ///
    /// It reads fixed-size chunks into one buffer, which holds one chunk or the longest token
    /// however long the input is. One pass over each chunk marks its whitespace 64 bytes at a
    /// time ([`mark_block`]) and notes where the marks change, the tokens' beginnings and ends;
    /// serving a token is taking the next two. A token that is not UTF-8, or a failed read,
    /// ends the stream; the failure is kept for [`TokenSource::message`].
    pub struct TokenSource<R> {
        reader: R,
        /// Bytes read so far that are still needed: from the beginning of the token being read.
        buffer: Vec<u8>,
        /// Where the marks change in `buffer[..scanned]`, in order. From `next_edge` on they pair
        /// up: a token begins at each even-numbered one and ends at the next; the last may be the
        /// beginning of a token whose end is not read yet.
        edges: Vec<usize>,
        next_edge: usize,
        /// How much of `buffer` has been scanned for edges, and whether the last byte scanned
        /// was whitespace (before the first byte, there is whitespace).
        scanned: usize,
        after_whitespace: bool,
        at_eof: bool,
        /// Whether a byte beyond ASCII has been read: from then on, tokens are checked to be
        /// UTF-8.
        non_ascii: bool,
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
                edges: Vec::new(),
                next_edge: 0,
                scanned: 0,
                after_whitespace: true,
                at_eof: false,
                non_ascii: false,
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

        /// Reads up to a chunk more and scans it for edges, after dropping the bytes before the
        /// token being read (all of them, between tokens), which are no longer needed. Called
        /// only when no whole token is left. At the end of input, or after a read error, which is
        /// kept in `failure`, it sets `at_eof`.
        fn refill(&mut self) {
            let keep_from = self
                .edges
                .get(self.next_edge)
                .map_or(self.scanned, |&begin| begin);
            if keep_from > 0 {
                self.buffer.drain(..keep_from);
                self.scanned -= keep_from;
                self.edges.drain(..self.next_edge);
                self.edges.iter_mut().for_each(|edge| *edge -= keep_from);
                self.next_edge = 0;
            }
            // Reading one chunk at a time, never into all the spare room, keeps the bytes read
            // ahead of a long token (and so the memory touched) down to a chunk. `read_to_end`
            // reads into the spare capacity directly: no zeroing, no intermediate copy.
            self.buffer.reserve(CHUNK);
            match (&mut self.reader)
                .take(CHUNK as u64)
                .read_to_end(&mut self.buffer)
            {
                Ok(0) => self.at_eof = true,
                Ok(_) => self.scan(),
                Err(error) => self.end_with(SourceFailure::Read(error)),
            }
        }

        /// Ends the stream at `failure`: no token is served after it.
        #[cold]
        fn end_with(&mut self, failure: SourceFailure) {
            self.failure = Some(failure);
            self.at_eof = true;
            self.edges.clear();
            self.next_edge = 0;
        }

        /// Notes the edges of the bytes read but not yet scanned.
        fn scan(&mut self) {
            let bytes = &self.buffer[self.scanned..];
            // Pushed to a local vector, whose length the compiler can keep in a register.
            let mut edges = std::mem::take(&mut self.edges);
            edges.reserve(bytes.len() + 1);
            let mut before = u64::from(self.after_whitespace);
            for (block, base) in bytes
                .chunks(MARKED_AT_ONCE)
                .zip((self.scanned..).step_by(MARKED_AT_ONCE))
            {
                let (whitespace, beyond_ascii) = match block.len() {
                    MARKED_AT_ONCE => mark_block(block),
                    _ => mark_bytes(block),
                };
                self.non_ascii |= beyond_ascii;
                // Bit `k` is set where byte `k` is whitespace and the byte before it is not, or
                // the other way round; the bits past a short last block mark nothing.
                let unused = MARKED_AT_ONCE - block.len();
                let mut changes = (whitespace ^ (whitespace << 1 | before)) << unused >> unused;
                before = whitespace >> (block.len() - 1) & 1;
                while changes != 0 {
                    edges.push(base + changes.trailing_zeros() as usize);
                    changes &= changes - 1;
                }
            }
            self.edges = edges;
            self.after_whitespace = before == 1;
            self.scanned = self.buffer.len();
        }

        /// `buffer[begin..end]` as a token, if it is UTF-8; if not, the stream ends here.
        #[inline]
        fn token(&mut self, begin: usize, end: usize) -> Option<&str> {
            if self.non_ascii
                && let Err(error) = std::str::from_utf8(&self.buffer[begin..end])
            {
                let offset = error.valid_up_to();
                let byte = self.buffer[begin + offset];
                self.end_with(SourceFailure::NotUtf8 { offset, byte });
                return None;
            }
            // SAFETY: just checked, or no byte beyond ASCII has been read, which is UTF-8.
            Some(unsafe { std::str::from_utf8_unchecked(&self.buffer[begin..end]) })
        }

        /// [`Source::next_token`] when the edges noted hold no whole token: reads on.
        #[inline(never)]
        fn next_token_read_on(&mut self) -> Option<&str> {
            loop {
                if let [begin, end, ..] = self.edges[self.next_edge..] {
                    self.next_edge += 2;
                    return self.token(begin, end);
                }
                if self.at_eof {
                    // A token that began runs to the end of input.
                    let &begin = self.edges.get(self.next_edge)?;
                    self.next_edge += 1;
                    return self.token(begin, self.buffer.len());
                }
                self.refill();
            }
        }
    }

    /// Marks the whitespace of up to 64 bytes, a byte at a time: a bit per byte, and whether a
    /// byte is beyond ASCII.
    fn mark_bytes(bytes: &[u8]) -> (u64, bool) {
        let marks = bytes.iter().enumerate();
        let bits = marks.fold(0, |bits, (k, b)| {
            bits | u64::from(b.is_ascii_whitespace()) << k
        });
        (bits, !bytes.is_ascii())
    }

    /// [`mark_bytes`] of 64 bytes, 16 at a time with SSE2 (every x86_64 has it): forty times
    /// faster than the loop. Whitespace is a space, or a byte from `\t` to `\r` but `\x0B`.
    #[cfg(target_arch = "x86_64")]
    fn mark_block(block: &[u8]) -> (u64, bool) {
        use std::arch::x86_64::{
            __m128i, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_loadu_si128,
            _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_sub_epi8,
        };
        // SSE2 is part of every x86_64 processor: its intrinsics are sound to call there.
        let lanes: [__m128i; 4] = std::array::from_fn(|k| {
            // SAFETY: SSE2 is there; the load reads 16 of the block's 64 bytes, unaligned loads
            // needing no alignment.
            unsafe { _mm_loadu_si128(block[16 * k..].as_ptr().cast()) }
        });
        // Read as signed, the bytes beyond ASCII are below 0x21 too.
        let below_0x21 = lanes.iter().fold(0, |below, &lane| {
            // SAFETY: SSE2 is there, and these read nothing but their arguments.
            below | unsafe { _mm_movemask_epi8(_mm_cmplt_epi8(lane, _mm_set1_epi8(0x21))) }
        });
        if below_0x21 == 0 {
            return (0, false);
        }
        let mut bits = 0;
        let mut beyond_ascii = 0;
        for (k, &bytes) in lanes.iter().enumerate() {
            // SAFETY: SSE2 is there, and these read nothing but their arguments.
            let (whitespace, high) = unsafe {
                let space = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b' ' as i8));
                // `\t` to `\r` is 0 to 4 after subtracting `\t`: no more than its minimum with 4.
                let from_tab = _mm_sub_epi8(bytes, _mm_set1_epi8(b'\t' as i8));
                let tab_to_cr = _mm_cmpeq_epi8(_mm_min_epu8(from_tab, _mm_set1_epi8(4)), from_tab);
                let vertical_tab = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x0B));
                let whitespace = _mm_or_si128(space, _mm_andnot_si128(vertical_tab, tab_to_cr));
                (_mm_movemask_epi8(whitespace), _mm_movemask_epi8(bytes))
            };
            bits |= u64::from(whitespace as u16) << (16 * k);
            beyond_ascii |= high;
        }
        (bits, beyond_ascii != 0)
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn mark_block(block: &[u8]) -> (u64, bool) {
        mark_bytes(block)
    }

    impl<R: BufRead> Source<R> for TokenSource<R> {
        #[inline]
        fn next_token(&mut self) -> Option<&str> {
            let at = self.next_edge;
            if at + 1 < self.edges.len() {
                let (begin, end) = (self.edges[at], self.edges[at + 1]);
                self.next_edge = at + 2;
                return self.token(begin, end);
            }
            self.next_token_read_on()
        }

        fn is_empty(&mut self) -> bool {
            while self.next_edge == self.edges.len() && !self.at_eof {
                self.refill();
            }
            self.next_edge == self.edges.len()
        }
    }
}
