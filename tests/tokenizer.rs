//! The tokenizer both solutions share (`mod plumbing`, canonical in `src/bin/shiritori.rs`),
//! tested on its own on in-memory input (`&[u8]` is a `BufRead`), against the standard
//! library's splitting on ASCII whitespace.

#[allow(dead_code)]
#[path = "../src/bin/shiritori.rs"]
mod shiritori;

use proconio::source::Source;
use proptest::prelude::*;
use shiritori::plumbing::{CHUNK, InputError, TokenSource};

/// What reading `input` token by token must give: every token up to the first that is not
/// UTF-8, then, if there is one, where its first bad byte is (offset in the token, byte).
fn expected(input: &[u8]) -> (Vec<&[u8]>, Option<(usize, u8)>) {
    let mut tokens = Vec::new();
    for token in input
        .split(u8::is_ascii_whitespace)
        .filter(|token| !token.is_empty())
    {
        if let Err(error) = std::str::from_utf8(token) {
            let offset = error.valid_up_to();
            return (tokens, Some((offset, token[offset])));
        }
        tokens.push(token);
    }
    (tokens, None)
}

/// Reads `input` through a [`TokenSource`] to its end and checks it against [`expected`],
/// including what the source says about the end.
fn check(input: &[u8]) -> Result<(), TestCaseError> {
    let (tokens, failure) = expected(input);
    let mut source = TokenSource::new(input);
    for (index, token) in tokens.iter().enumerate() {
        // Asking whether a token is there, once or twice, does not consume it.
        for _ in 0..1 + index % 2 {
            prop_assert!(!source.is_empty(), "token {index} is there");
        }
        let read = source.next_token().map(str::as_bytes);
        prop_assert_eq!(read, Some(*token), "token {}", index);
    }
    prop_assert_eq!(source.next_token(), None);
    // Once ended, the source stays ended, even after a token that was not UTF-8.
    prop_assert!(source.is_empty());
    prop_assert_eq!(source.next_token(), None);
    let message = source.message(InputError::Missing {
        what: "T".to_string(),
    });
    let expected_message = match failure {
        Some((offset, byte)) => {
            format!("T is not UTF-8 text (byte 0x{byte:02X} at byte offset {offset})")
        }
        None => "the input ends before T".to_string(),
    };
    prop_assert_eq!(message, expected_message);
    Ok(())
}

/// Pieces of tokens: ASCII, control characters that are not whitespace, valid UTF-8 beyond
/// ASCII, and bytes that are not UTF-8 (a stray continuation byte, a lead byte without its
/// continuation, a byte that never occurs in UTF-8).
fn atom() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        6 => prop::sample::select(b"aZ09_-~!".to_vec()).prop_map(|b| vec![b]),
        1 => prop::sample::select(vec![0u8, 0x01, 0x0B, 0x1F, 0x7F]).prop_map(|b| vec![b]),
        1 => prop::sample::select(vec!["é", "あ", "😀"]).prop_map(|s| s.as_bytes().to_vec()),
        1 => prop::sample::select(vec![&b"\x80"[..], b"\xC3", b"\xE3\x81", b"\xFF"])
            .prop_map(<[u8]>::to_vec),
    ]
}

/// A token of exactly `length` bytes: ASCII letters, maybe with one atom spliced in at a random
/// place, which may make it longer.
fn token_of_length(length: usize) -> impl Strategy<Value = Vec<u8>> {
    (prop::option::of(atom()), 0..=length).prop_map(move |(atom, at)| {
        let mut token = vec![b'x'; length];
        if let Some(atom) = atom {
            token.splice(at..at, atom);
        }
        token
    })
}

/// Tokens around the lengths where the tokenizer changes its ways: the 16 and 64 bytes whose
/// whitespace it marks at once, the 64 KiB it reads at a time, and tokens over several reads,
/// inside which it drops the marks behind.
fn token() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => prop::collection::vec(atom(), 1..6).prop_map(|atoms| atoms.concat()),
        4 => prop::sample::select(vec![1, 2, 7, 8, 15, 16, 17, 63, 64, 65, 130])
            .prop_flat_map(token_of_length),
        1 => prop::sample::select(vec![CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 70])
            .prop_flat_map(token_of_length),
    ]
}

/// One to three bytes of ASCII whitespace, every kind of it.
fn separator() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(b" \t\n\r\x0C".to_vec()), 1..=3)
}

/// An input of tokens and whitespace. A filler token before them puts what follows at varying
/// distances before and after the first 64 KiB refill boundary.
fn input() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::option::of(CHUNK - 12..CHUNK + 2),
        prop::collection::vec((separator(), token()), 0..8),
        prop::option::of(separator()),
    )
        .prop_map(|(filler, pieces, trailing)| {
            let mut input = filler.map(|length| vec![b'f'; length]).unwrap_or_default();
            for (separator, token) in pieces {
                input.extend(separator);
                input.extend(token);
            }
            input.extend(trailing.unwrap_or_default());
            input
        })
}

proptest! {
    #[test]
    fn splits_like_the_standard_library(input in input()) {
        check(&input)?;
    }
}

#[test]
fn tokens_of_every_short_length_next_to_every_kind_of_byte() {
    // Each kind of byte at each place in, and right after, tokens of 1 to 9 bytes.
    let kinds: [&[u8]; 6] = [b" ", b"\n", b"\x0B", b"\xFF", "é".as_bytes(), b"y"];
    for length in 1..=9 {
        for at in 0..=length {
            for kind in kinds {
                let mut token = vec![b'x'; length];
                token.splice(at..at, kind.iter().copied());
                for after in kinds {
                    let input = [&token[..], b" ", after, b" z"].concat();
                    check(&input).unwrap_or_else(|error| panic!("{input:?}: {error}"));
                }
            }
        }
    }
}

#[test]
fn every_byte_at_every_place_of_a_marked_block() {
    // Whitespace is marked 64 bytes at a time (16 at a time with SSE2 on x86_64), and a byte at
    // a time in the last, partial block: every byte value, at every place of a full block.
    for byte in 0..=u8::MAX {
        for at in 0..64 {
            let mut input = vec![b'x'; 130];
            input[at] = byte;
            input.extend_from_slice(b" z");
            check(&input).unwrap_or_else(|error| panic!("{byte:#04X} at {at}: {error}"));
        }
    }
}

#[test]
fn an_empty_or_blank_input_has_no_tokens() {
    for input in [&b""[..], b" ", b"\r\n\t\x0C "] {
        check(input).unwrap();
    }
}
