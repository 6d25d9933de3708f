//! AtCoder ABC195 E "Lucky 7 Battle": who wins when Takahashi wants a multiple of 7 and Aoki not.
//!
//! This file is a complete judge submission (Rust 1.89, edition 2024, proconio 0.5.0).
//!
//! # Why residues suffice
//!
//! The number built so far matters only through its residue modulo 7: appending a digit `d` to a
//! number with residue `r` gives residue `(10r + d) mod 7`, whatever the number was. So a
//! position is just (round, residue), 7 residues per round.
//!
//! # Why the DP runs backwards
//!
//! Who wins from a position depends on what the players can still do, which is decided by the
//! later rounds, so we start at the end, where the answer is known: after the last round Takahashi
//! wins exactly from residue 0. Before round `i`, from residue `r`, the player of that round
//! chooses between residues `(10r + S_i) mod 7` and `10r mod 7`. Takahashi wins from `r` if he
//! moves and one of the two is a win for him; if Aoki moves, Takahashi wins only if both are. Going
//! from the last round to the first, we get the set of residues from which Takahashi wins before
//! round 1, and the game starts from the empty number, residue 0.
//!
//! The set of winning residues is a 7-bit mask, so one round maps a mask to a mask. A table
//! computed at compile time, [`STEP`]`[player][digit][mask]`, makes each round one lookup: O(N)
//! time, and O(1) memory besides the input, of which S is kept as one digit per half byte.
//!
//! Two masks never change again: from no winning residue, or from all seven, both choices of
//! either player lead to the same mask. Once the backward pass reaches one of them the earlier
//! rounds cannot change the answer, and it stops; on random games that happens within a few
//! rounds, while some inputs (all zeros) never absorb and take the full pass.

use proconio::source::Source;
use std::io::{self, BufRead, Read, Write};
use std::num::{IntErrorKind, ParseIntError};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut source = TokenSource::new(io::stdin().lock());
    match read_and_play(&mut source) {
        Ok(true) => write_report(b"Takahashi\n"),
        Ok(false) => write_report(b"Aoki\n"),
        Err(message) => fail(&message),
    }
}

/// Residues modulo 7, each a bit of a winning set.
const RESIDUES: usize = 7;

/// Number of possible winning sets: every subset of the 7 residues.
const MASKS: usize = 1 << RESIDUES;

/// The players' indices in [`STEP`].
const AOKI: usize = 0;
const TAKAHASHI: usize = 1;

/// `STEP[player][digit][after]`: the residues from which Takahashi wins before a round in which
/// `player` may append `digit` or `0`, given `after`, those from which he wins after it.
const STEP: [[[u8; MASKS]; 10]; 2] = {
    let mut step = [[[0; MASKS]; 10]; 2];
    let mut digit = 0;
    while digit < 10 {
        let mut after = 0;
        while after < MASKS {
            let mut residue = 0;
            while residue < RESIDUES {
                let with_digit = after >> ((10 * residue + digit) % RESIDUES) & 1;
                let with_zero = after >> (10 * residue % RESIDUES) & 1;
                step[AOKI][digit][after] |= ((with_digit & with_zero) << residue) as u8;
                step[TAKAHASHI][digit][after] |= ((with_digit | with_zero) << residue) as u8;
                residue += 1;
            }
            after += 1;
        }
        digit += 1;
    }
    step
};

/// Reads `N`, `S` and `X`, checks them, and tells whether Takahashi wins.
fn read_and_play<R: BufRead>(source: &mut TokenSource<R>) -> Result<bool, String> {
    let rounds = source.parse_next(|| "N".to_string(), parse_count)?;
    if rounds == 0 {
        return Err("N is 0, but the game has at least one round".to_string());
    }
    let digits = source.parse_next(|| "S".to_string(), |s| pack_digits(s, rounds))?;
    let wins = source.parse_next(
        || "X".to_string(),
        |x| Ok(takahashi_wins(&digits, check_players(x, rounds)?)),
    )?;
    source.expect_end("X")?;
    Ok(wins)
}

/// Checks that `s` is `rounds` digits and packs them two to a byte, round `i` in byte `i / 2`,
/// low half first: half the memory of the text, which matters when S is tens of megabytes.
fn pack_digits(s: &str, rounds: usize) -> Result<Vec<u8>, String> {
    let bytes = s.as_bytes();
    if let Some(bad) = first_disallowed(bytes, |b| b.is_ascii_digit()) {
        return Err(unexpected_character("S", s, bad, "the digits 0-9"));
    }
    if bytes.len() != rounds {
        return Err(format!("S has {} digits, but N is {rounds}", bytes.len()));
    }
    let pairs = bytes.chunks_exact(2);
    let odd_one_out = pairs.remainder().first().map(|b| b - b'0');
    let mut packed: Vec<u8> = pairs
        .map(|pair| (pair[0] - b'0') | (pair[1] - b'0') << 4)
        .collect();
    packed.extend(odd_one_out);
    Ok(packed)
}

/// Checks that `x` names the player of each of `rounds` rounds, `A` or `T`, and returns its bytes.
fn check_players(x: &str, rounds: usize) -> Result<&[u8], String> {
    let bytes = x.as_bytes();
    if let Some(bad) = first_disallowed(bytes, |b| (b == b'A') | (b == b'T')) {
        return Err(unexpected_character("X", x, bad, "A and T"));
    }
    if bytes.len() != rounds {
        return Err(format!("X has {} letters, but N is {rounds}", bytes.len()));
    }
    Ok(bytes)
}

/// The backward DP of the module documentation over the packed digits and the players.
fn takahashi_wins(digits: &[u8], players: &[u8]) -> bool {
    let step = |winning: usize, player: u8, digit: u8| {
        let player = if player == b'T' { TAKAHASHI } else { AOKI };
        usize::from(STEP[player][usize::from(digit)][winning])
    };
    // After the last round, Takahashi wins exactly from residue 0.
    let mut winning = 1;
    // Rounds 2k and 2k + 1 share byte k of `digits`, low half first; an odd last round is alone.
    let pairs = players.chunks_exact(2);
    if let ([player], Some(&byte)) = (pairs.remainder(), digits.last()) {
        winning = step(winning, *player, byte & 0xF);
    }
    for (pair, &byte) in pairs.zip(&digits[..players.len() / 2]).rev() {
        // From no winning residue, or from all, either player's choice leads to the same again:
        // the earlier rounds cannot change the answer.
        if winning == 0 || winning == MASKS - 1 {
            break;
        }
        winning = step(winning, pair[1], byte >> 4);
        winning = step(winning, pair[0], byte & 0xF);
    }
    // The game starts from the empty number, residue 0.
    winning & 1 == 1
}

// Input and output plumbing, the same in every solution of this crate: a submission is one file,
// so each carries its own copy (a test checks that the copies stay identical).

/// Writes the whole report in one call. A reader that closed the pipe early (say, `head`) has
/// what it wanted; any other failure is an error.
fn write_report(report: &[u8]) -> ExitCode {
    match io::stdout().lock().write_all(report) {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            fail(&format!("cannot write the output: {error}"))
        }
        _ => ExitCode::SUCCESS,
    }
}

/// Reports `message` on stderr, the contract's `error: ` line, and exits with status 1.
fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::FAILURE
}

/// Parses the count `N`: a non-negative decimal integer.
fn parse_count(token: &str) -> Result<usize, String> {
    token
        .parse()
        .map_err(|error: ParseIntError| match error.kind() {
            IntErrorKind::PosOverflow => format!("N ({}) is too large", quoted(token)),
            _ if token.starts_with('-') => format!("N ({}) is negative", quoted(token)),
            _ => format!("N ({}) is not a non-negative integer", quoted(token)),
        })
}

/// Where the first byte of `bytes` that is not `allowed` is, if there is one.
///
/// A plain `position` branches on every byte, and on random input (X is a random mix of `A` and
/// `T`) half of those branches are mispredicted. This tests a block of bytes at a time without
/// branching inside it, which the compiler turns into vector instructions.
fn first_disallowed(bytes: &[u8], allowed: impl Fn(u8) -> bool) -> Option<usize> {
    const BLOCK: usize = 64;
    let all_allowed = |block: &[u8]| block.iter().fold(true, |ok, &b| ok & allowed(b));
    let bad_block = bytes.chunks(BLOCK).position(|block| !all_allowed(block))?;
    let start = bad_block * BLOCK;
    bytes[start..]
        .iter()
        .position(|&b| !allowed(b))
        .map(|offset| start + offset)
}

/// Says that `token`, called `what`, has a character outside `allowed` at byte `offset`.
fn unexpected_character(what: &str, token: &str, offset: usize, allowed: &str) -> String {
    let character = token[offset..].chars().next().unwrap_or_default();
    let position = token[..offset].chars().count() + 1;
    format!(
        "{what} has {character:?} (U+{:04X}) at position {position}, but may only contain {allowed}",
        u32::from(character)
    )
}

/// Shows a token in an error message: quoted, escaped, and cut short if long.
fn quoted(token: &str) -> String {
    const SHOWN: usize = 24;
    match token.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{:?}...", &token[..cut]),
        None => format!("{token:?}"),
    }
}

/// Bytes asked of the reader per refill; only a longer token makes the buffer grow.
const CHUNK: usize = 1 << 16;

/// The tokens of a byte stream, separated by ASCII whitespace, served through proconio's
/// [`Source`] trait.
///
/// proconio 0.5.0's own sources cost more than this whole solution: `input!` on stdin reads line
/// by line, and `OnceSource` copies all input into one `String`. This source reads fixed-size
/// chunks into one buffer and lends out slices of it, so it holds one chunk, or the longest token,
/// however long the input is. A token that is not UTF-8 or a failed read ends the stream and is
/// kept in `failure` for the error message.
struct TokenSource<R> {
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
    fn new(reader: R) -> Self {
        Self {
            reader,
            buffer: Vec::with_capacity(CHUNK),
            start: 0,
            at_eof: false,
            failure: None,
        }
    }

    /// Takes the next token and hands it to `parse`. A missing or unreadable token is an error
    /// naming `what` was expected.
    fn parse_next<T>(
        &mut self,
        what: impl Fn() -> String,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<T, String> {
        match self.next_token() {
            Some(token) => parse(token),
            None => Err(self
                .take_failure(&what())
                .unwrap_or_else(|| format!("the input ends before {}", what()))),
        }
    }

    /// Checks that nothing but whitespace follows `last`, the last token expected.
    fn expect_end(&mut self, last: &str) -> Result<(), String> {
        match self.next_token() {
            Some(extra) => Err(format!(
                "unexpected {} after {last}, where the input should end",
                quoted(extra)
            )),
            None => self
                .take_failure(&format!("the text after {last}"))
                .map_or(Ok(()), Err),
        }
    }

    /// The error message for a failure that ended the stream at `what`, if one did.
    fn take_failure(&mut self, what: &str) -> Option<String> {
        self.failure.take().map(|failure| match failure {
            SourceFailure::Read(error) => format!("cannot read the input: {error}"),
            SourceFailure::NotUtf8 { offset, byte } => {
                format!("{what} is not UTF-8 text (byte 0x{byte:02X} at byte offset {offset})")
            }
        })
    }

    /// Moves `start` to the next token's first byte, reading as needed; false at the end.
    fn skip_whitespace(&mut self) -> bool {
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

    /// Appends up to a chunk of input after dropping the bytes already handed out; false at the
    /// end of input or after a read error, which is kept in `failure`.
    fn refill(&mut self) -> bool {
        if self.at_eof {
            return false;
        }
        self.buffer.drain(..self.start);
        self.start = 0;
        // Reading one chunk at a time, never into all the spare room, keeps the bytes read ahead
        // of a long token (and so the memory touched) down to a chunk. `read_to_end` reads into
        // the spare capacity directly: no zeroing, no intermediate copy.
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

/// Where the first ASCII whitespace byte in `bytes` is, if there is one.
///
/// Every whitespace byte is below `0x21`. A short token (every Shiritori word) ends within its
/// first eight bytes, which one test of a `u64` settles with no loop: in a little-endian word,
/// `(word - 0x2121…21) & !word & 0x8080…80` flags exactly the lowest byte below `0x21`, if any.
/// A long token (Lucky 7's strings) is searched block-wise by [`first_disallowed`], at vector
/// speed. Bytes below `0x21` that are not whitespace (control characters) are stepped over.
fn find_whitespace(bytes: &[u8]) -> Option<usize> {
    if let Some(word) = bytes.first_chunk::<8>() {
        let word = u64::from_le_bytes(*word);
        let below_0x21 = word.wrapping_sub(BYTE_ONES * 0x21) & !word & BYTE_HIGH_BITS;
        let candidate = (below_0x21.trailing_zeros() / 8) as usize;
        if candidate < 8 && bytes[candidate].is_ascii_whitespace() {
            return Some(candidate);
        }
    }
    let mut offset = 0;
    loop {
        let candidate = offset + first_disallowed(&bytes[offset..], |b| b > b' ')?;
        if bytes[candidate].is_ascii_whitespace() {
            return Some(candidate);
        }
        offset = candidate + 1;
    }
}

impl<R: BufRead> Source<R> for TokenSource<R> {
    fn next_token(&mut self) -> Option<&str> {
        if !self.skip_whitespace() {
            return None;
        }
        // The token runs to the next whitespace; while it runs into the end of the buffer, read on.
        let mut scanned = self.start;
        let end = loop {
            if let Some(length) = find_whitespace(&self.buffer[scanned..]) {
                break scanned + length;
            }
            // Refilling moves the unread bytes, and with them the token, to the buffer's front.
            let scanned_length = self.buffer.len() - self.start;
            if !self.refill() {
                break self.buffer.len();
            }
            scanned = self.start + scanned_length;
        };
        let begin = std::mem::replace(&mut self.start, end);
        let token = &self.buffer[begin..end];
        // A short token is tested with the eight bytes from its start, at once and without a
        // loop; a non-ASCII byte just after it only sends it down the slower path below.
        let ascii = match self.buffer[begin..].first_chunk::<8>() {
            Some(word) if token.len() <= 8 => u64::from_le_bytes(*word) & BYTE_HIGH_BITS == 0,
            _ => token.is_ascii(),
        };
        if ascii {
            // SAFETY: ASCII is valid UTF-8. Checking that first is several times faster than
            // `from_utf8` on short tokens, which otherwise costs a fifth of the whole run.
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
