//! The inputs a search makes: sizes from one to the judge's largest, within the constraints; a
//! dictionary's words as the input lists them; the families, each of the shape it describes; the
//! random numbers they are drawn with.

use super::*;

#[test]
fn the_size_limits_grow_from_one_to_the_judges_largest() {
    for problem in [Builtin::Shiritori, Builtin::Lucky7] {
        let small = if problem == Builtin::Shiritori {
            24
        } else {
            16
        };
        for cases in [1, 2, 3, 4, 10, 100, 300] {
            let limits: Vec<usize> = (0..cases)
                .map(|case| size_limit(&problem, case, cases))
                .collect();
            assert_eq!(limits[0], 1, "{problem:?}, {cases} cases");
            assert!(
                limits.windows(2).all(|pair| pair[0] <= pair[1]),
                "{limits:?}"
            );
            if cases > 1 {
                assert_eq!(
                    limits[cases - 1],
                    JUDGE_MAX,
                    "{problem:?}, {cases} cases: {limits:?}"
                );
            }
        }
        // Of 100 cases, 75 are small, growing to their largest size, and the other 25 grow
        // geometrically from 100 to the judge's largest: 4,472 halfway, the geometric mean.
        let limit = |case| size_limit(&problem, case, 100);
        assert_eq!(
            (limit(73) < small, limit(74), limit(75)),
            (true, small, 100)
        );
        assert_eq!(limit(87), 4_472);
    }
}

#[test]
fn inputs_keep_to_the_constraints_and_their_size_limits() {
    let mut runner = TestRunner::deterministic();
    for problem in [Builtin::Shiritori, Builtin::Lucky7] {
        let cases = 100;
        let mut largest = 0;
        for case in (0..cases).step_by(3).chain([cases - 1]) {
            let samples = if case < 90 { 10 } else { 2 };
            let limit = size_limit(&problem, case, cases);
            let strategy = inputs(problem, case, cases, limit);
            for _ in 0..samples {
                let generated = strategy.new_tree(&mut runner).unwrap().current();
                let input = generated.input;
                assert!(within_constraints(&input), "case {case}: {input:?}");
                // A small dictionary may list a word twice; from case 75 of 100 on, the inputs
                // come from the families, of at most their size limit, and say so.
                let most = if case < 75 { 2 * limit } else { limit };
                match generated.origin {
                    Some(origin) => {
                        assert!(case >= 75);
                        assert_eq!(origin.family.unwrap().problem(), problem);
                        assert_eq!(input_of(origin, input.size()), input);
                    }
                    None => assert!(case < 75),
                }
                assert!(
                    input.size() <= most,
                    "case {case}: {} > {most}",
                    input.size()
                );
                largest = largest.max(input.size());
            }
        }
        assert!(largest > JUDGE_MAX / 10, "{problem:?} grows to {largest}");
    }
}

#[test]
fn a_dictionarys_words_are_kept_as_the_input_lists_them() {
    let mut words: Words = ["abc", "Bcdef"].into_iter().collect();
    words.push_with(|lines| lines.push_str("cdeabc"));
    words.push("x");
    assert_eq!(words.lines(), "abc\nBcdef\ncdeabc\nx\n");
    assert_eq!((words.len(), words.is_empty()), (4, false));
    assert_eq!(
        words.iter().collect::<Vec<_>>(),
        ["abc", "Bcdef", "cdeabc", "x"]
    );
    assert_eq!(
        (words.get(1), words.get(3), words.get(4)),
        (Some("Bcdef"), Some("x"), None)
    );
    assert_eq!(&words[2], "cdeabc");
    assert_eq!(words.to_vec(), ["abc", "Bcdef", "cdeabc", "x"]);
    let input = Input::Shiritori(words);
    assert_eq!(input.text(), "4\nabc\nBcdef\ncdeabc\nx\n");
    assert_eq!(Input::parse(Builtin::Shiritori, &input.text()), Some(input));
    let none = Words::with_capacity(10, 80);
    assert!(none.is_empty() && none.lines().is_empty() && none.get(0).is_none());
    assert_eq!(none, Words::default());
}

#[test]
#[should_panic(expected = "word 2 of a dictionary of 2")]
fn a_word_past_the_last_is_not_there() {
    let words: Words = ["abc", "bcd"].into_iter().collect();
    let _ = &words[2];
}

#[test]
fn a_dictionary_is_answered_from_its_words_and_a_malformed_word_as_the_solution_says() {
    // Through the trait: Builtin's own `samples` is another method.
    let expected = |input: &Input| problem::Problem::expected(&Builtin::Shiritori, input);
    for family in Family::SHIRITORI {
        let input = family.input(300, 7);
        let Ok(Expected::Answer(answer)) = expected(&input) else {
            panic!("the family {} answered", family.name());
        };
        let words = family.words(300, 7).expect("a Shiritori family");
        let winners: Vec<&str> = answer.lines().collect();
        assert_eq!(winners, shiritori_winners(&words), "{}", family.name());
    }
    let error = |words: [&str; 2]| {
        let input = Input::Shiritori(words.into_iter().collect());
        expected(&input).expect_err("no answer").to_string()
    };
    assert_eq!(
        error(["abc", "ab"]),
        r#"this crate's own shiritori failed: word 2 ("ab") is shorter than 3 letters"#
    );
    assert!(
        error(["a1cd", "abc"]).ends_with(r#"word 1 ("a1cd") has '1' (U+0031) at position 2, but may only contain the letters A-Z and a-z"#),
        "{}",
        error(["a1cd", "abc"])
    );
}

#[test]
fn an_input_drops_words_or_rounds_but_never_its_last() {
    let words = |list: &[&str]| Input::Shiritori(list.iter().map(|w| w.to_string()).collect());
    let three = words(&["abc", "bcd", "cde"]);
    assert_eq!(three.without(1, 1), Some(words(&["abc", "cde"])));
    assert_eq!(three.without(2, 1), Some(words(&["abc", "bcd"])));
    assert_eq!(three.without(0, 2), Some(words(&["cde"])));
    assert_eq!(three.without(1, 5), Some(words(&["abc"])));
    assert_eq!(three.without(3, 1), None);
    assert_eq!(three.without(0, 3), None);
    assert_eq!(three.without(1, 0), None);
    assert_eq!(words(&["abc"]).without(0, 1), None);
    let game = Input::Lucky7 {
        digits: "35".to_string(),
        players: "AT".to_string(),
    };
    let smaller = Input::Lucky7 {
        digits: "5".to_string(),
        players: "T".to_string(),
    };
    assert_eq!(game.without(0, 1), Some(smaller.clone()));
    assert_eq!(smaller.without(0, 1), None);
    assert_eq!(
        (game.describe_size(), smaller.describe_size()),
        ("2 rounds".to_string(), "1 round".to_string())
    );
}

#[test]
fn an_input_is_read_back_from_its_text_and_a_malformed_one_is_not() {
    let words = Input::Shiritori(["ab", "bc"].into_iter().collect());
    let game = Input::Lucky7 {
        digits: "12".into(),
        players: "TA".into(),
    };
    assert_eq!(Input::parse(Builtin::Shiritori, &words.text()), Some(words));
    assert_eq!(Input::parse(Builtin::Lucky7, &game.text()), Some(game));
    for (problem, text) in [
        (Builtin::Shiritori, "3\nab\nbc\n"),  // fewer words than N
        (Builtin::Shiritori, "1\nab\nbc\n"),  // more
        (Builtin::Lucky7, "3\n123\nTA\n"),    // a player short
        (Builtin::Lucky7, "3\n12\nTA\n"),     // both shorter than N
        (Builtin::Lucky7, "2\n12\nTA\nAT\n"), // a token more
        (Builtin::Lucky7, "x\n12\nTA\n"),     // no N
    ] {
        assert_eq!(Input::parse(problem, text), None, "{text:?}");
    }
}

#[test]
fn the_neighbours_of_an_input_are_one_small_change_away() {
    let words = |list: &[&str]| Input::Shiritori(list.iter().map(|w| w.to_string()).collect());
    // A word listed twice, or left out while one remains.
    assert_eq!(words(&["ab"]).neighbours(), [words(&["ab", "ab"])]);
    assert_eq!(
        words(&["ab", "bc"]).neighbours(),
        [
            words(&["ab", "ab", "bc"]),
            words(&["bc"]),
            words(&["ab", "bc", "bc"]),
            words(&["ab"]),
        ]
    );
    // A player swapped, or a digit changed to each other one.
    let game = |digits: &str, players: &str| Input::Lucky7 {
        digits: digits.into(),
        players: players.into(),
    };
    let mut expected = vec![game("12", "AA"), game("12", "TT")];
    expected.extend(
        ('0'..='9')
            .filter(|&d| d != '1')
            .map(|d| game(&format!("{d}2"), "TA")),
    );
    expected.extend(
        ('0'..='9')
            .filter(|&d| d != '2')
            .map(|d| game(&format!("1{d}"), "TA")),
    );
    assert_eq!(game("12", "TA").neighbours(), expected);
}

#[test]
fn inputs_are_drawn_with_splitmix64() {
    // Its published first outputs from the seed 0: the same seed gives the same inputs anywhere.
    let mut rng = atcoder_games_tool::generate::Rng::new(0);
    let drawn = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
    assert_eq!(
        drawn,
        [
            0xE220_A839_7B1D_CDAF,
            0x6E78_9E6A_A1B9_65F4,
            0x06C4_5D18_8009_454F
        ]
    );
    // A number between two bounds takes every value from one to the other, and no other.
    let mut seen = [0; 8];
    for _ in 0..1000 {
        seen[rng.between(3, 5)] += 1;
    }
    assert!(
        seen.iter()
            .enumerate()
            .all(|(k, &n)| (n > 0) == (3..=5).contains(&k)),
        "{seen:?}"
    );
}

#[test]
fn letters_are_drawn_evenly_several_from_one_number() {
    use atcoder_games_tool::generate::{ALPHABET, Rng, SMALL_ALPHABET, push_random_letters};
    let mut rng = Rng::new(3);
    let mut word = String::new();
    let mut draw = |word: &mut String, alphabet: &[u8], min: usize, max: usize| {
        word.clear();
        push_random_letters(word, &mut rng, alphabet, min, max);
    };
    let mut lengths = [0; 10];
    for _ in 0..6000 {
        draw(&mut word, ALPHABET, 3, 8);
        lengths[word.len()] += 1;
    }
    assert!(lengths[..3].iter().all(|&n| n == 0), "{lengths:?}");
    assert!(
        lengths[3..9].iter().all(|&n| (900..1100).contains(&n)),
        "{lengths:?}"
    );
    // Each letter about as often as any other, and each pair of letters: a letter read from the
    // rest of a number after another is not tied to it.
    draw(&mut word, ALPHABET, 52_000, 52_000);
    for letter in ALPHABET {
        let seen = word.bytes().filter(|b| b == letter).count();
        assert!(
            (850..1150).contains(&seen),
            "{} {seen} times",
            char::from(*letter)
        );
    }
    draw(&mut word, SMALL_ALPHABET, 64_000, 64_000);
    let mut pairs = [[0; 4]; 4];
    let index = |b: u8| SMALL_ALPHABET.iter().position(|&a| a == b).unwrap();
    for pair in word.as_bytes().chunks(2) {
        pairs[index(pair[0])][index(pair[1])] += 1;
    }
    assert!(
        pairs
            .as_flattened()
            .iter()
            .all(|&n| (1800..2200).contains(&n)),
        "{pairs:?}"
    );
    // Seven letters of 52 come from one number, the eighth from the next.
    for (letters, draws) in [(7, 1), (8, 2)] {
        let (mut rng, mut counted) = (Rng::new(9), Rng::new(9));
        push_random_letters(&mut String::new(), &mut rng, ALPHABET, letters, letters);
        for _ in 0..draws {
            counted.next_u64();
        }
        assert_eq!(rng.next_u64(), counted.next_u64(), "{letters} letters");
    }
}

#[test]
fn the_blocks_are_shuffled_into_any_order_even_one_that_leaves_some_in_place() {
    use atcoder_games_tool::generate::{BLOCK_COUNT, Rng, shuffled_blocks};
    let mut left_in_place = false;
    for seed in 0..5 {
        let order = shuffled_blocks(&mut Rng::new(seed));
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert!(sorted.into_iter().eq(0..BLOCK_COUNT), "a permutation");
        // Fisher-Yates leaves a block in place as often as any other (Sattolo's variant never).
        left_in_place |= (1..BLOCK_COUNT).any(|k| order[k] == k);
    }
    assert!(left_in_place);
}

#[test]
fn a_familys_words_or_game_are_its_input() {
    for problem in [Builtin::Shiritori, Builtin::Lucky7] {
        for &family in Family::of(problem) {
            let (words, game) = (family.words(50, 3), family.game(50, 3));
            match family.input(50, 3) {
                Input::Shiritori(input) => assert_eq!((words, game), (Some(input.to_vec()), None)),
                Input::Lucky7 { digits, players } => {
                    assert_eq!((words, game), (None, Some((digits, players))))
                }
                Input::Text(_) => unreachable!("a family's input"),
            }
        }
    }
}

#[test]
fn the_blocks_are_every_three_letters_each_spelled_its_own_way() {
    use atcoder_games_tool::generate::{ALPHABET, BLOCK_COUNT, blocks_spelling};
    let spellings: std::collections::HashSet<String> = (0..BLOCK_COUNT)
        .map(|block| blocks_spelling(&[block]))
        .collect();
    assert_eq!(spellings.len(), ALPHABET.len().pow(3));
    assert!(spellings.iter().all(|block| block.len() == 3
        && block.bytes().all(|letter| ALPHABET.contains(&letter))));
    // Two blocks, one after the other.
    assert_eq!(blocks_spelling(&[0, BLOCK_COUNT - 1]), "AAAzzz");
}

#[test]
fn every_family_makes_inputs_of_its_problem_of_any_size_within_the_constraints() {
    for problem in [Builtin::Shiritori, Builtin::Lucky7] {
        for &family in Family::of(problem) {
            assert_eq!(family.problem(), problem);
            assert!(family.description().ends_with('.'), "{}", family.name());
            for size in [1, 2, 3, 4, 7, 100, 140_608, JUDGE_MAX] {
                let input = family.input(size, 9);
                assert_eq!(input.size(), size, "{} of {size}", family.name());
                assert!(within_constraints(&input), "{} of {size}", family.name());
                assert_eq!(
                    input,
                    family.input(size, 9),
                    "the same seed, the same input"
                );
            }
        }
    }
}

/// A block a family, read side by side: the function is as long as the catalogue.
#[test]
fn every_family_has_the_shape_it_describes() {
    let words = |family: Family, size: usize| match family.input(size, 4) {
        Input::Shiritori(words) => words.to_vec(),
        _ => unreachable!("a Shiritori family"),
    };
    let head = |word: &str| word[..3].to_string();
    let tail = |word: &str| word[word.len() - 3..].to_string();
    // Many moves from aaa into the won bbb, and one escape into a draw.
    let many = words(Family::ManyMovesOneEscape, 50);
    assert!(
        many[..47]
            .iter()
            .all(|w| head(w) == "aaa" && tail(w) == "bbb")
    );
    assert_eq!(many[47..], ["bbbccc", "aaaddd", "dddddd"]);
    let mut expected = vec!["Aoki"; 47];
    expected.extend(["Takahashi", "Draw", "Draw"]);
    assert_eq!(shiritori_winners(&many), expected);
    assert_eq!(words(Family::ManyMovesOneEscape, 2), ["bbbccc", "aaaddd"]);
    // Half from aaa to bbb, half from bbb to ccc.
    let two = words(Family::TwoBlocks, 7);
    assert!(
        two[..3]
            .iter()
            .all(|w| head(w) == "aaa" && tail(w) == "bbb")
    );
    assert!(
        two[3..]
            .iter()
            .all(|w| head(w) == "bbb" && tail(w) == "ccc")
    );
    // A cycle through distinct blocks, closed, with one exit from its first block into a dead
    // end: every game decided, none a draw.
    for size in [2, 3, 20] {
        let cycle = words(Family::LongCycleOneExit, size);
        let (exit, links) = cycle.split_last().unwrap();
        for (k, link) in links.iter().enumerate() {
            assert_eq!(tail(link), head(&links[(k + 1) % links.len()]), "{cycle:?}");
        }
        let mut heads: Vec<String> = links.iter().map(|w| head(w)).collect();
        heads.sort();
        heads.dedup();
        assert_eq!(heads.len(), size - 1, "{cycle:?}");
        assert_eq!(head(exit), head(&links[0]));
        assert!(!cycle.iter().any(|w| head(w) == tail(exit)), "{cycle:?}");
        assert!(!shiritori_winners(&cycle).contains(&"Draw"), "{cycle:?}");
    }
    // Beyond the blocks, the cycle is walked again.
    let long = words(Family::LongCycleOneExit, 140_610);
    assert_eq!(long[0], long[140_607]);
    // The other families, each as its description says.
    assert!(
        words(Family::IntoOneBlock, 50)
            .iter()
            .all(|w| tail(w) == STAR_HUB)
    );
    let chain = words(Family::Chain, 50);
    assert!(
        chain
            .windows(2)
            .all(|pair| tail(&pair[0]) == head(&pair[1]))
    );
    let loops = words(Family::SelfLoops, 50);
    assert!(loops.iter().all(|w| w.len() == 3));
    assert!(words(Family::OneWord, 5).iter().all(|w| w == "abcdef"));
    assert!(words(Family::LongestWords, 50).iter().all(|w| w.len() == 8));
    let small = words(Family::SmallAlphabet, 50);
    assert!(
        small
            .iter()
            .all(|w| w.bytes().all(|b| b"aBcD".contains(&b)))
    );
    let game = |family: Family| match family.input(9, 4) {
        Input::Lucky7 { digits, players } => (digits, players),
        _ => unreachable!("a Lucky 7 family"),
    };
    assert_eq!(game(Family::AllZeros).0, "000000000");
    assert!(
        game(Family::ZerosAndSevens)
            .0
            .bytes()
            .all(|d| d == b'0' || d == b'7')
    );
    assert_eq!(game(Family::TakahashiAlone).1, "TTTTTTTTT");
    assert_eq!(game(Family::AokiAlone).1, "AAAAAAAAA");
    assert_eq!(game(Family::Alternating).1, "ATATATATA");
}
