//! The `shiritori` binary: edge cases with known answers, the error contract, and property tests
//! against the brute-force oracle.

mod common;

use atcoder_games_tool::family::Family;
use atcoder_games_tool::generate::{Rng, STAR_HUB, random_word};
use atcoder_games_tool::input::shiritori_input;
use atcoder_games_tool::process::Options;
use common::binaries::{
    SHIRITORI, assert_error, clean_error, run_binary, run_with_memory_limit, success,
};
use proptest::prelude::*;
use test_support::contract;
use test_support::oracle::shiritori_winners;
use test_support::strategy::small_dictionary;

/// The binary's answer for `words`, one entry per line.
fn winners(words: &[&str]) -> Vec<String> {
    lines(&success(&run_binary(
        SHIRITORI,
        &[],
        shiritori_input(words),
    )))
}

fn lines(output: &str) -> Vec<String> {
    output.lines().map(str::to_string).collect()
}

#[test]
fn self_loops_are_draws_unless_there_is_a_way_out() {
    assert_eq!(winners(&["aaa", "abcabc"]), ["Draw", "Draw"]);
    // "aaab" leaves aaa for aab, where no word starts: a way to win out of the loop.
    assert_eq!(winners(&["aaa", "aaab"]), ["Aoki", "Takahashi"]);
}

#[test]
fn upper_and_lower_case_are_different_letters() {
    // After "Takahashi" comes "ship", never "ShIp".
    assert_eq!(winners(&["Takahashi", "ShIp"]), ["Takahashi", "Takahashi"]);
    assert_eq!(winners(&["Takahashi", "ship"]), ["Aoki", "Takahashi"]);
    assert_eq!(winners(&["abcABC", "ABCabc"]), ["Draw", "Draw"]);
    // abc may loop on itself or leave for ABC, where nobody can go on.
    assert_eq!(winners(&["abcABC", "abcabc"]), ["Takahashi", "Aoki"]);
}

#[test]
fn duplicate_words_count_as_often_as_listed() {
    // pqr's two (identical) words both lead to qrs, which is won: pqr is lost only once the
    // analysis has counted down both of them.
    let words = ["pqrs", "pqrs", "qrst", "zzpqr"];
    assert_eq!(winners(&words), ["Aoki", "Aoki", "Takahashi", "Takahashi"]);
}

#[test]
fn a_chain_alternates_from_its_dead_end() {
    let words = ["aaaaab", "aabaac", "aacaad", "aadaae", "aaeaaf"];
    let expected = ["Takahashi", "Aoki", "Takahashi", "Aoki", "Takahashi"];
    assert_eq!(winners(&words), expected);
}

#[test]
fn cycles_of_odd_and_even_length_are_draws() {
    assert_eq!(winners(&["abcdef", "defabc"]), ["Draw", "Draw"]);
    assert_eq!(
        winners(&["abcdef", "defghi", "ghiabc"]),
        ["Draw", "Draw", "Draw"]
    );
}

#[test]
fn a_winning_escape_decides_the_cycle() {
    // From def one may leave the cycle for xyz, where nobody can go on.
    let words = ["abcdef", "defabc", "defxyz"];
    assert_eq!(winners(&words), ["Aoki", "Takahashi", "Takahashi"]);
}

#[test]
fn an_escape_that_hands_over_the_win_leaves_the_cycle_drawn() {
    // Leaving the cycle at def for xyz lets the opponent answer "xyzuvw" and win.
    let words = ["abcdef", "defabc", "defxyz", "xyzuvw"];
    assert_eq!(winners(&words), ["Draw", "Draw", "Aoki", "Takahashi"]);
}

#[test]
fn words_longer_than_eight_letters_count_by_their_ends() {
    assert_eq!(winners(&["Takahashi", "shiritori"]), ["Aoki", "Takahashi"]);
    let long = format!("abc{}xyz", "Q".repeat(300_000));
    assert_eq!(winners(&[&long, "xyzabc"]), ["Draw", "Draw"]);
    assert_eq!(winners(&[&long, "xyzxy"]), ["Aoki", "Takahashi"]);
}

#[test]
fn any_ascii_whitespace_separates_tokens() {
    let expected = "Aoki\nTakahashi\nDraw\n";
    for input in [
        "3\r\nabcd\r\nbcda\r\nada\r\n",
        "3\nabcd\nbcda\nada",
        "3 abcd bcda ada",
        "\t 3\t\tabcd \n\n bcda\r\n\x0cada \n\n",
    ] {
        assert_eq!(
            success(&run_binary(SHIRITORI, &[], input)),
            expected,
            "{input:?}"
        );
    }
}

#[test]
fn inputs_beyond_the_judges_limits_work() {
    let words = Family::RandomWords.words(300_000, 7).unwrap();
    let output = success(&run_binary(SHIRITORI, &[], shiritori_input(&words)));
    assert_eq!(lines(&output), shiritori_winners(&words));
}

#[test]
fn no_words_give_no_lines() {
    assert_eq!(success(&run_binary(SHIRITORI, &[], "0\n")), "");
}

#[test]
fn generated_dictionaries_have_their_known_answers() {
    // A path: the word k steps from the dead end is won by Takahashi exactly when k is even.
    let chain = Family::Chain.words(1000, 1).unwrap();
    let answers = lines(&success(&run_binary(
        SHIRITORI,
        &[],
        shiritori_input(&chain),
    )));
    for (k, answer) in answers.iter().rev().enumerate() {
        assert_eq!(
            answer,
            if k % 2 == 0 { "Takahashi" } else { "Aoki" },
            "{k} from the end"
        );
    }
    // Every word leads into the hub, where Aoki has no word to say.
    let star = Family::IntoOneBlock.words(1000, 2).unwrap();
    assert!(star.iter().all(|word| word.ends_with(STAR_HUB)));
    let answers = lines(&success(&run_binary(
        SHIRITORI,
        &[],
        shiritori_input(&star),
    )));
    assert_eq!(answers, vec!["Takahashi"; 1000]);
    // Three-letter words are self-loops only.
    let loops = Family::SelfLoops.words(1000, 3).unwrap();
    let answers = lines(&success(&run_binary(
        SHIRITORI,
        &[],
        shiritori_input(&loops),
    )));
    assert_eq!(answers, vec!["Draw"; 1000]);
    for kind in [Family::SmallAlphabet, Family::Duplicates] {
        let words = kind.words(2000, 4).unwrap();
        let answers = lines(&success(&run_binary(
            SHIRITORI,
            &[],
            shiritori_input(&words),
        )));
        assert_eq!(answers, shiritori_winners(&words), "{kind:?}");
    }
}

#[test]
fn a_missing_or_malformed_count_is_an_error() {
    assert_error(SHIRITORI, "", &["ends before N"]);
    assert_error(SHIRITORI, " \r\n\t", &["ends before N"]);
    assert_error(
        SHIRITORI,
        "abc\nabc\n",
        &["N (\"abc\")", "not a non-negative integer"],
    );
    assert_error(SHIRITORI, "2.0\nabc\nabc\n", &["N (\"2.0\")"]);
    assert_error(SHIRITORI, "-1\nabc\n", &["N (\"-1\")", "negative"]);
    assert_error(
        SHIRITORI,
        "99999999999999999999999\nabc\n",
        &["N (", "too large"],
    );
}

#[test]
fn too_few_or_too_many_words_are_errors() {
    assert_error(SHIRITORI, "3\nabc\nabd\n", &["ends before word 3 of 3"]);
    assert_error(
        SHIRITORI,
        "1000000\nabc\n",
        &["ends before word 2 of 1000000"],
    );
    assert_error(
        SHIRITORI,
        "1\nabc\nabd\n",
        &["unexpected \"abd\"", "word 1"],
    );
}

#[test]
fn a_huge_count_fails_fast_without_allocating_for_it() {
    // Under a 1 GiB limit of virtual memory, reserving room for 2^32 - 2 words (32 GiB of moves)
    // would abort the binary; it must trust N with only as much as the words that arrive.
    let started = std::time::Instant::now();
    let fails_cleanly = |input: &str, fragment: &str| {
        let message = clean_error(&run_with_memory_limit(SHIRITORI, input));
        assert!(message.contains(fragment), "{input:?}: {message}");
    };
    fails_cleanly("1000000000000\nabc\n", "N (1000000000000)");
    // The most words a vertex may have as moves is one less than the u32 counters' largest,
    // which marks a won vertex.
    let too_many = "N (4294967295) is larger than the 4294967294 words supported";
    fails_cleanly("4294967295\nabc\n", too_many);
    fails_cleanly("4294967294\nabc\n", "ends before word 2 of 4294967294");
    fails_cleanly("4294967294\nabc\nab\n", "word 2 (\"ab\")");
    // Generous: a run that allocated for the count would take far longer or die.
    assert!(started.elapsed().as_secs() < 10);
    // The limit itself leaves room for a real run.
    let words = Family::RandomWords.words(20_000, 12).unwrap();
    let output = success(&run_with_memory_limit(SHIRITORI, shiritori_input(&words)));
    assert_eq!(lines(&output), shiritori_winners(&words));
}

#[test]
fn the_largest_inputs_need_little_stack() {
    // No recursion, and no large buffer on the stack: the deepest game of all, and the most
    // words a judge gives with the --depth answer too, within a stack of 256 KiB.
    let options = Options {
        stack: Some(256 << 10),
        ..Options::default()
    };
    let chain = Family::Chain.words(200_000, 3).unwrap();
    for arguments in [&[][..], &["--depth"]] {
        let command: Vec<&str> = [SHIRITORI].iter().chain(arguments).copied().collect();
        let ran = contract::run_or_panic(&command, shiritori_input(&chain), &options);
        assert!(success(&ran).lines().count() == 200_000, "{arguments:?}");
    }
}

#[test]
fn malformed_words_are_errors_naming_the_word() {
    assert_error(
        SHIRITORI,
        "2\nabc\nab\n",
        &["word 2 (\"ab\") is shorter than 3 letters"],
    );
    assert_error(
        SHIRITORI,
        "1\nab1c\n",
        &["word 1 (\"ab1c\")", "'1'", "position 3"],
    );
    assert_error(SHIRITORI, "1\na_bc\n", &["word 1", "'_'", "position 2"]);
    assert_error(SHIRITORI, "1\nab\0c\n", &["word 1", "'\\0'", "U+0000"]);
    assert_error(
        SHIRITORI,
        "2\nabc\nabéc\n",
        &["word 2", "'é'", "position 3"],
    );
    assert_error(SHIRITORI, "1\nあいう\n", &["word 1", "'あ'", "position 1"]);
    assert_error(
        SHIRITORI,
        &b"2\nabc\nab\xffc\n"[..],
        &["word 2 of 2", "not UTF-8", "0xFF"],
    );
    assert_error(
        SHIRITORI,
        &b"1\nabc\n\xfe\n"[..],
        &["after the last word", "not UTF-8"],
    );
}

#[test]
fn the_bytes_around_the_letters_are_not_letters() {
    // '@' and '[' frame A-Z, '`' and '{' frame a-z: in any of the three places a word is
    // checked (its first three letters, its middle, its last three), each is an error.
    for byte in ['@', '[', '`', '{'] {
        for word in [
            format!("{byte}bc"),
            format!("abc{byte}defg"),
            format!("abcd{byte}"),
        ] {
            let position = word.find(byte).unwrap() + 1;
            let input = format!("1\n{word}\n");
            let quoted = format!("'{byte}'");
            assert_error(
                SHIRITORI,
                input,
                &[&quoted, &format!("position {position}")],
            );
        }
    }
    // The letters themselves, at both ends of both ranges, are fine.
    assert_eq!(winners(&["AZaz", "Zaz"]), ["Draw", "Draw"]);
}

#[test]
fn an_unwanted_byte_is_found_at_every_place_and_every_pair_of_places() {
    // The letters are checked in pieces (the first three, the last three, those between): one
    // or two `@` anywhere in words of 3 to 10 letters, the first of them named.
    for length in 3..=10 {
        for first in 0..length {
            for second in first..length {
                let mut word = vec![b'a'; length];
                word[first] = b'@';
                word[second] = b'@';
                let word = String::from_utf8(word).unwrap();
                let position = format!("'@' (U+0040) at position {}", first + 1);
                assert_error(SHIRITORI, format!("1\n{word}\n"), &[&word, &position]);
            }
        }
    }
}

#[test]
fn a_malformed_word_deep_in_a_long_input_is_found() {
    let mut words = Family::RandomWords.words(100_000, 5).unwrap();
    words[76_543].push('7');
    assert_error(SHIRITORI, shiritori_input(&words), &["word 76544 (", "'7'"]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn agrees_with_the_brute_force_oracle(
        words in small_dictionary(),
        separators in prop::collection::vec(prop::sample::select(vec![" ", "\n", "\r\n", "\t"]), 25),
    ) {
        let mut input = words.len().to_string();
        for (word, separator) in words.iter().zip(&separators) {
            input.push_str(separator);
            input.push_str(word);
        }
        let output = success(&run_binary(SHIRITORI, &[], input));
        prop_assert_eq!(lines(&output), shiritori_winners(&words));
    }

    #[test]
    fn random_bytes_give_an_answer_or_a_clean_error(
        count in prop::option::of(0usize..4),
        bytes in prop::collection::vec(
            prop::sample::select(b"abcAB xyz\n\r\t0123-_\xff\xc3\xa9\0".to_vec()), 0..40),
    ) {
        let mut input = count.map(|n| format!("{n}\n").into_bytes()).unwrap_or_default();
        input.extend(bytes);
        let output = run_binary(SHIRITORI, &[], input.clone());
        if output.status.success() {
            let answers = success(&output);
            // Accepted input starts with N (the random bytes may have made it up themselves).
            let text = String::from_utf8(input).expect("accepted input is UTF-8");
            let n: usize = text.split_ascii_whitespace().next().unwrap().parse().unwrap();
            prop_assert_eq!(answers.lines().count(), n);
            prop_assert!(answers.lines().all(|l| ["Takahashi", "Aoki", "Draw"].contains(&l)));
        } else {
            clean_error(&output);
        }
    }
}

#[test]
fn random_dictionaries_over_all_letters_agree_with_the_oracle() {
    let mut rng = Rng::new(11);
    let words: Vec<String> = (0..5000)
        .map(|_| random_word(&mut rng, b"abcdeABCDE", 3, 8))
        .collect();
    let output = success(&run_binary(SHIRITORI, &[], shiritori_input(&words)));
    assert_eq!(lines(&output), shiritori_winners(&words));
}
