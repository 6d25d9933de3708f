//! Deliberately wrong solutions, with the bugs contestants really make, for testing
//! `atcoder-games check`: `wrong BUG < input`. Each is a plain solution with one mistake:
//!
//! - `shiritori-counts-duplicates-once`: a word listed twice is one move in the out-degree, but
//!   two in the lists the analysis walks back, so a block can be counted down to "lost" early;
//! - `shiritori-draws-as-aoki`: prints `Aoki` where the game is a draw;
//! - `shiritori-ignores-case`: treats `A` and `a` as one letter;
//! - `shiritori-hangs-on-draws`: repeats its passes until every block is decided, which never
//!   happens when there is a draw;
//! - `shiritori-fixed-array`: keeps the words' ends in an array sized for 100 words;
//! - `lucky7-forwards`: runs the DP from the first round to the last;
//! - `lucky7-crashes-on-8`: looks the digits up in a table that stops at 7.

use std::collections::{HashMap, HashSet, VecDeque};
use std::io::Read;

fn main() {
    let bug = std::env::args().nth(1).expect("usage: wrong BUG < input");
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("readable input");
    let answer = match bug.as_str() {
        "shiritori-counts-duplicates-once"
        | "shiritori-draws-as-aoki"
        | "shiritori-ignores-case"
        | "shiritori-hangs-on-draws"
        | "shiritori-fixed-array" => shiritori(&input, &bug),
        "lucky7-forwards" | "lucky7-crashes-on-8" => lucky7(&input, &bug),
        _ => panic!("unknown bug {bug}"),
    };
    print!("{answer}");
}

#[derive(Clone, Copy, PartialEq)]
enum Outcome {
    Win,
    Loss,
}

fn shiritori(input: &str, bug: &str) -> String {
    let mut tokens = input.split_ascii_whitespace();
    let count: usize = tokens.next().expect("N").parse().expect("a number");
    let words: Vec<String> = tokens
        .take(count)
        .map(|word| match bug {
            "shiritori-ignores-case" => word.to_ascii_lowercase(),
            _ => word.to_string(),
        })
        .collect();
    if bug == "shiritori-fixed-array" {
        // The mistake: room for the judge's samples, not for its largest tests.
        let mut ends = [""; 100];
        for (slot, word) in words.iter().enumerate() {
            ends[slot] = &word[word.len() - 3..];
        }
    }
    let head = |word: &str| word[..3].to_string();
    let tail = |word: &str| word[word.len() - 3..].to_string();
    let mut blocks: Vec<String> = Vec::new();
    let mut moves: HashMap<String, usize> = HashMap::new();
    let mut predecessors: HashMap<String, Vec<String>> = HashMap::new();
    let mut seen = HashSet::new();
    for word in &words {
        blocks.push(head(word));
        blocks.push(tail(word));
        if seen.insert(word) || bug != "shiritori-counts-duplicates-once" {
            *moves.entry(head(word)).or_default() += 1;
        }
        predecessors.entry(tail(word)).or_default().push(head(word));
    }
    let mut outcome: HashMap<String, Outcome> = HashMap::new();
    let mut queue = VecDeque::new();
    for block in &blocks {
        if !moves.contains_key(block) && outcome.insert(block.clone(), Outcome::Loss).is_none() {
            queue.push_back(block.clone());
        }
    }
    loop {
        while let Some(block) = queue.pop_front() {
            let lost = outcome[&block] == Outcome::Loss;
            for before in predecessors.get(&block).cloned().unwrap_or_default() {
                if outcome.contains_key(&before) {
                    continue;
                }
                let left = moves.get_mut(&before).expect("a block with a move");
                *left -= 1;
                if lost || *left == 0 {
                    let decided = if lost { Outcome::Win } else { Outcome::Loss };
                    outcome.insert(before.clone(), decided);
                    queue.push_back(before);
                }
            }
        }
        // The mistake: "every block gets decided eventually".
        if bug != "shiritori-hangs-on-draws" || blocks.iter().all(|b| outcome.contains_key(b)) {
            break;
        }
    }
    words
        .iter()
        .map(|word| match outcome.get(&tail(word)) {
            Some(Outcome::Loss) => "Takahashi\n",
            Some(Outcome::Win) => "Aoki\n",
            None if bug == "shiritori-draws-as-aoki" => "Aoki\n",
            None => "Draw\n",
        })
        .collect()
}

fn lucky7(input: &str, bug: &str) -> String {
    let mut tokens = input.split_ascii_whitespace();
    let _rounds = tokens.next().expect("N");
    let digits = tokens.next().expect("S").as_bytes();
    let players = tokens.next().expect("X").as_bytes();
    // The mistake of the crashing one: a table with the residues of 0 to 7 only.
    const RESIDUE_OF_DIGIT: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 0];
    let residue = |digit: u8| match bug {
        "lucky7-crashes-on-8" => RESIDUE_OF_DIGIT[usize::from(digit - b'0')],
        _ => usize::from(digit - b'0') % 7,
    };
    let step = |wins: [bool; 7], round: usize| {
        let digit = residue(digits[round]);
        std::array::from_fn(|r| {
            let (with_digit, with_zero) = (wins[(3 * r + digit) % 7], wins[3 * r % 7]);
            if players[round] == b'T' {
                with_digit || with_zero
            } else {
                with_digit && with_zero
            }
        })
    };
    let mut wins = [true, false, false, false, false, false, false];
    let rounds: Vec<usize> = match bug {
        // The mistake: the rounds in the order they are played.
        "lucky7-forwards" => (0..digits.len()).collect(),
        _ => (0..digits.len()).rev().collect(),
    };
    for round in rounds {
        wins = step(wins, round);
    }
    if wins[0] { "Takahashi\n" } else { "Aoki\n" }.to_string()
}
