//! AtCoder ABC195 E "Lucky 7 Battle": who wins when Takahashi wants a multiple of 7 and Aoki not.
//!
//! This file is a complete judge submission (Rust 1.89, edition 2024, proconio 0.5.0). The
//! crate's docs/lucky7.md explains the solution in full and works sample 1 through it; in short:
//!
//! - Only the residue of the number modulo 7 matters: appending `d` to a number with residue `r`
//!   gives residue `(10r + d) mod 7`, whatever the number was.
//! - The end is known (Takahashi wins exactly from residue 0), so a DP runs backwards: from the
//!   residues from which Takahashi wins after a round, [`ROUND_STEP`] gives those before it.
//!   Those sets are 7-bit masks.
//! - Two rounds are one lookup in [`PAIR_STEP`], a table built at compile time, and the pass
//!   stops as soon as the set is empty or full, which no earlier round can change: O(N) time,
//!   and N / 2 + N / 8 bytes besides the input buffer.
//!
//! The file reads: the DP, reading and writing, the command line, and last the input plumbing.
//! Its steps are the API that the crate's tool and tests call in place (they include this file):
//! [`read_game`] → [`takahashi_wins`] → [`winner`]; [`winning_sets`] keeps the winning set of
//! every round, which playing the game out needs.

use plumbing::{
    Count, InputError, TokenSource, error_exit, first_disallowed, next_token, unexpected_character,
    usage_exit, write_stdout,
};
use proconio::input;
use proconio::source::{RuntimeReadable, Source};
use std::ffi::OsString;
use std::io::{self, BufRead};
use std::process::ExitCode;

/// Residues modulo 7, each a bit of a winning set.
pub const RESIDUES: usize = 7;

/// Number of possible winning sets: every subset of the 7 residues.
const MASKS: usize = 1 << RESIDUES;

/// The winning set from which nothing changes any more: every residue, seven one bits.
const ALL_RESIDUES: usize = 0b111_1111;

/// Kinds of round: the digit modulo 7 (7, 8, 9 act as 0, 1, 2), plus 7 if Takahashi plays.
const ROUND_KINDS: usize = 2 * RESIDUES;

/// The kind of a round with `digit` played by Takahashi or not, as [`ROUND_STEP`] numbers it.
const fn round_kind(takahashi: bool, digit: usize) -> usize {
    digit % RESIDUES + if takahashi { RESIDUES } else { 0 }
}

/// `ROUND_STEP[kind][after]`: the residues from which Takahashi wins before a round of this
/// [`round_kind`], given `after`, those from which he wins after it.
///
/// From residue `r` the player of the round may append the digit, reaching `(10r + digit) mod 7`,
/// or append 0, reaching `10r mod 7`. Takahashi wins from `r` when he plays the round and one of
/// the two is winning, or when Aoki plays it and both are.
const ROUND_STEP: [[u8; MASKS]; ROUND_KINDS] = {
    let mut step = [[0; MASKS]; ROUND_KINDS];
    let mut kind = 0;
    while kind < ROUND_KINDS {
        let takahashi = kind >= RESIDUES;
        let mut after = 0;
        while after < MASKS {
            let mut residue = 0;
            while residue < RESIDUES {
                // The kind is the digit, or the digit plus 7: the same modulo 7.
                let with_digit = after >> ((10 * residue + kind) % RESIDUES) & 1;
                let with_zero = after >> (10 * residue % RESIDUES) & 1;
                let wins = if takahashi {
                    with_digit | with_zero
                } else {
                    with_digit & with_zero
                };
                step[kind][after] |= (wins << residue) as u8;
                residue += 1;
            }
            after += 1;
        }
        kind += 1;
    }
    step
};

/// Kinds of pairs of rounds: every kind of the even round with every kind of the odd one.
const PAIR_KINDS: usize = ROUND_KINDS * ROUND_KINDS;

/// `PAIR_STEP[even + ROUND_KINDS * odd][after]`: [`ROUND_STEP`] over two rounds at once, the
/// odd one and then the even one before it, for the kinds `even` and `odd`.
///
/// The backward pass is a chain of lookups, each waiting for the one before, so its speed is
/// the latency of a load: two rounds per lookup halve the chain, in a 25 KB table that fits the
/// fastest cache.
static PAIR_STEP: [[u8; MASKS]; PAIR_KINDS] = {
    let mut step = [[0; MASKS]; PAIR_KINDS];
    let mut pair = 0;
    while pair < PAIR_KINDS {
        let (even, odd) = (pair % ROUND_KINDS, pair / ROUND_KINDS);
        let mut after = 0;
        while after < MASKS {
            let between = ROUND_STEP[odd][after] as usize;
            step[pair][after] = ROUND_STEP[even][between];
            after += 1;
        }
        pair += 1;
    }
    step
};

/// `PAIR_KIND[players][digits]`: the [`PAIR_STEP`] index of two rounds from their byte of
/// packed digits and their two player bits (bit 0 for the even round).
const PAIR_KIND: [[u8; 256]; 4] = {
    let mut kind = [[0; 256]; 4];
    let mut players = 0;
    while players < 4 {
        let mut digits = 0;
        while digits < 256 {
            let even = round_kind(players & 1 == 1, digits & 0xF);
            let odd = round_kind(players & 2 == 2, digits >> 4);
            kind[players][digits] = (even + ROUND_KINDS * odd) as u8;
            digits += 1;
        }
        players += 1;
    }
    kind
};

/// The backward DP: whether Takahashi wins the game from its start, the empty number.
///
/// After the last round Takahashi wins exactly from residue 0. An odd last round is stepped
/// over alone; then the pairs of rounds, last first, two rounds a lookup, in groups of four pairs
/// that share a byte of player bits. From no winning residue, or from all of them, both choices
/// of either player lead to the same set again, so once the set is empty or full the earlier
/// rounds cannot change it and the pass stops. O(N).
pub fn takahashi_wins(game: &PackedGame) -> bool {
    let rounds = game.rounds;
    let pairs = &game.pairs[..rounds / 2];
    let step_pair = |winning: usize, players: u8, digits: u8| {
        let pair = PAIR_KIND[usize::from(players & 0b11)][usize::from(digits)];
        usize::from(PAIR_STEP[usize::from(pair)][winning])
    };
    let mut winning = 1;
    if rounds % 2 == 1 {
        let last = rounds - 1;
        let kind = round_kind(game.takahashi_plays(last), game.digit(last));
        winning = usize::from(ROUND_STEP[kind][winning]);
    }
    // Pair k's players are bits 2k % 8 and 2k % 8 + 1 of byte k / 4.
    let groups = pairs.chunks_exact(4);
    let last_players = game
        .takahashi
        .get(pairs.len() / 4)
        .copied()
        .unwrap_or_default();
    for (k, &digits) in groups.remainder().iter().enumerate().rev() {
        winning = step_pair(winning, last_players >> (2 * k), digits);
    }
    for (group, &players) in groups.zip(&game.takahashi).rev() {
        if winning == 0 || winning == ALL_RESIDUES {
            break;
        }
        for k in (0..4).rev() {
            winning = step_pair(winning, players >> (2 * k), group[k]);
        }
    }
    winning & 1 == 1
}

/// The residues from which Takahashi wins before each round (from 0), and after the last (0): the
/// DP of [`takahashi_wins`] run through every round, one at a time, keeping each set.
pub fn winning_sets(game: &PackedGame) -> Vec<u8> {
    let rounds = game.rounds;
    let mut winning = vec![0; rounds + 1];
    winning[rounds] = 1;
    for round in (0..rounds).rev() {
        let kind = round_kind(game.takahashi_plays(round), game.digit(round));
        winning[round] = ROUND_STEP[kind][usize::from(winning[round + 1])];
    }
    winning
}

/// The judge's answer for `game`: `Takahashi` or `Aoki`.
pub fn winner(game: &PackedGame) -> &'static str {
    if takahashi_wins(game) {
        "Takahashi"
    } else {
        "Aoki"
    }
}

/// A game as the DP reads it: S as [`Digits`] packs it, and X as one bit per round, eight to a
/// byte (round `i` in bit `i % 8` of byte `i / 8`), set when the round is Takahashi's.
pub struct PackedGame {
    pub rounds: usize,
    pairs: Vec<u8>,
    takahashi: Vec<u8>,
}

impl PackedGame {
    /// S's digit of round `round` (from 0).
    pub fn digit(&self, round: usize) -> usize {
        usize::from(self.pairs[round / 2] >> (round % 2 * 4) & 0xF)
    }

    /// Whether Takahashi plays round `round` (from 0).
    pub fn takahashi_plays(&self, round: usize) -> bool {
        self.takahashi[round / 8] >> (round % 8) & 1 == 1
    }
}

/// Reads the input, `N`, `S` and `X`, into a [`PackedGame`].
pub fn read_game<R: BufRead>(source: &mut TokenSource<R>) -> Result<PackedGame, InputError> {
    input! {
        from &mut *source,
        n: Count,
        s: with Digits(n?),
        x: with Players(s?),
    }
    let game = x?;
    source.expect_end("X")?;
    Ok(game)
}

/// proconio marker for `S`, this many digits (at least one), packed two to a byte: round `i`
/// (from 0) in byte `i / 2`, the even round in the low half. Half the memory of the text, which
/// matters when S is tens of megabytes, since it has to be kept until X is read.
struct Digits(usize);

impl RuntimeReadable for Digits {
    type Output = Result<PackedGame, InputError>;

    fn read<R: BufRead, S: Source<R>>(self, source: &mut S) -> Self::Output {
        let Self(rounds) = self;
        if rounds == 0 {
            let message = "N is 0, but the game has at least one round";
            return Err(InputError::Invalid(message.to_string()));
        }
        let is_digit = |b: u8| b.is_ascii_digit();
        let digits = round_string(source, "S", rounds, is_digit, "the digits 0-9", "digit")?;
        let (pairs, takahashi) = (pack_digits(digits), Vec::new());
        Ok(PackedGame {
            rounds,
            pairs,
            takahashi,
        })
    }
}

/// The next token, `what` (S or X), checked to have a character (a `unit`) for each of the
/// `rounds` rounds, each `allowed` (`alphabet` in words).
fn round_string<'s, R: BufRead, S: Source<R>>(
    source: &'s mut S,
    what: &str,
    rounds: usize,
    allowed: impl Fn(u8) -> bool,
    alphabet: &str,
    unit: &str,
) -> Result<&'s [u8], InputError> {
    let token = next_token(source, || what.to_string())?;
    let bytes = token.as_bytes();
    if let Some(bad) = first_disallowed(bytes, allowed) {
        return Err(unexpected_character(what, token, bad, alphabet));
    }
    if bytes.len() != rounds {
        let plural = if bytes.len() == 1 { "" } else { "s" };
        return Err(InputError::Invalid(format!(
            "{what} has {} {unit}{plural}, but N is {rounds}",
            bytes.len()
        )));
    }
    Ok(bytes)
}

/// Packs ASCII digits two to a byte, the first of each pair in the low half: the low four bits
/// of `'0'`–`'9'` are the digit. Eight pairs at a time, which the compiler vectorizes; out of
/// line, since inlined into a large caller the loop is not vectorized.
#[inline(never)]
fn pack_digits(digits: &[u8]) -> Vec<u8> {
    let pack = |pair: u16| (pair & 0xF | pair >> 4 & 0xF0) as u8;
    let mut packed = vec![0; digits.len().div_ceil(2)];
    let blocks = digits.chunks_exact(16);
    let rest = blocks.remainder();
    let (packed_blocks, packed_rest) = packed.split_at_mut(digits.len() / 16 * 8);
    for (out, block) in packed_blocks.chunks_exact_mut(8).zip(blocks) {
        let pairs: [u16; 8] =
            std::array::from_fn(|k| u16::from_le_bytes([block[2 * k], block[2 * k + 1]]));
        for (out, pair) in out.iter_mut().zip(pairs) {
            *out = pack(pair);
        }
    }
    for (out, pair) in packed_rest.iter_mut().zip(rest.chunks(2)) {
        *out = pack(u16::from_le_bytes([
            pair[0],
            pair.get(1).copied().unwrap_or(b'0'),
        ]));
    }
    packed
}

/// proconio marker for `X`, read into the game that S began: one player, `A` or `T`, for each of
/// its rounds.
struct Players(PackedGame);

impl RuntimeReadable for Players {
    type Output = Result<PackedGame, InputError>;

    fn read<R: BufRead, S: Source<R>>(self, source: &mut S) -> Self::Output {
        let Self(mut game) = self;
        let is_player = |b: u8| (b == b'A') | (b == b'T');
        let players = round_string(source, "X", game.rounds, is_player, "A and T", "letter")?;
        let eights = players.chunks_exact(8);
        let rest = eights.remainder();
        game.takahashi = eights.map(takahashi_bits).collect();
        if !rest.is_empty() {
            let mut padded = *b"AAAAAAAA";
            padded[..rest.len()].copy_from_slice(rest);
            game.takahashi.push(takahashi_bits(&padded));
        }
        Ok(game)
    }
}

/// The bits of eight players, `A` or `T`: bit `k` is set when the `k`-th is `T`.
///
/// `T` (0x54) has bit 4 set and `A` (0x41) has not. With that bit moved to the bottom of each
/// byte of a `u64`, one multiplication gathers the eight into its top byte: byte `k`'s bit,
/// at `8k`, is shifted by `56 - 7k` to `56 + k`, and no two shifted bits meet.
fn takahashi_bits(players: &[u8]) -> u8 {
    let players = u64::from_le_bytes(players.try_into().expect("eight players"));
    let low_bits = players >> 4 & u64::from_le_bytes([1; 8]);
    (low_bits.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

fn main() -> ExitCode {
    command_line(std::env::args_os().skip(1))
}

/// The program with its command-line arguments, stdin and stdout: `main` for this binary, and
/// `atcoder-games solve lucky7`.
pub fn command_line(arguments: impl Iterator<Item = OsString>) -> ExitCode {
    match asks_for_help(arguments) {
        Ok(true) => return write_stdout(|out| out.write_all(HELP.as_bytes())),
        Ok(false) => {}
        Err(message) => return usage_exit(&message, HELP),
    }
    let mut source = TokenSource::new(io::stdin().lock());
    match read_game(&mut source) {
        Ok(game) => write_stdout(|out| writeln!(out, "{}", winner(&game))),
        Err(error) => error_exit(&source.message(error)),
    }
}

/// The help; its first line is the usage that a usage error repeats.
const HELP: &str = "\
Usage: lucky7 < input

Solves AtCoder ABC195 E \"Lucky 7 Battle\": reads N, S and X, and prints who wins, Takahashi or
Aoki.

Options:
  -h, --help  print this help

To see the game played out: atcoder-games explain lucky7 (the crate's tool, see its README).
";

/// Whether the command line asks for the help; it may hold nothing else. Every argument is
/// checked, so a mistake is reported wherever it stands, `--help` or not.
fn asks_for_help(arguments: impl Iterator<Item = OsString>) -> Result<bool, String> {
    let mut help = false;
    for argument in arguments {
        match argument.to_str() {
            Some("-h" | "--help") => help = true,
            _ => return Err(format!("unknown argument {argument:?}")),
        }
    }
    Ok(help)
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
