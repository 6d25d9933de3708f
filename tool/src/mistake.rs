//! The classic mistakes of each problem: each a wrong analysis that answers exactly as a program
//! with that mistake would, so that `check` can name the mistake a failing program makes. Each has
//! a stable id, a sentence on what it gets wrong, and the section of the editorial that explains
//! the right idea. The analyses are small and plain, for the small inputs a diagnosis runs on.

use crate::editorial;
use crate::input::{Builtin, Input};
use crate::judge::Comparison;
use std::collections::HashMap;

/// A section of a problem's editorial, by the anchor of its heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    pub problem: Builtin,
    pub anchor: &'static str,
}

impl Section {
    /// The command that prints it: `atcoder-games editorial shiritori common-mistakes`.
    pub fn citation(self) -> String {
        editorial::citation(self.problem, self.anchor)
    }

    /// Its text, from its heading on; None if the editorial has no such section.
    pub fn text(self) -> Option<&'static str> {
        editorial::section(self.problem, self.anchor)
    }
}

/// A classic mistake.
pub struct Mistake {
    /// Its stable id: `cycle-as-draw`.
    pub id: &'static str,
    /// What it gets wrong, in one sentence.
    pub sentence: &'static str,
    /// The section of the editorial that explains the right idea.
    pub section: Section,
    /// The answers of a program with this mistake: one function per way it is written, where the
    /// ways differ (two letters or four for the block, say).
    ways: &'static [fn(&Input) -> String],
}

impl std::fmt::Debug for Mistake {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(self.id)
    }
}

impl Mistake {
    /// Whether a program with this mistake, written one of its ways, answers each input of `cases`
    /// with its answer there, as the judge compares answers.
    pub fn agrees(&self, cases: &[(Input, String)]) -> bool {
        self.ways.iter().any(|answers| {
            cases
                .iter()
                .all(|(input, answer)| Comparison::Lines.accepts(answer, &answers(input)))
        })
    }

    /// What a program with this mistake answers on `input`, written its first way.
    pub fn answers(&self, input: &Input) -> String {
        (self.ways[0])(input)
    }
}

/// The classic mistakes of `problem`, the simplest first.
pub fn of(problem: Builtin) -> &'static [Mistake] {
    match problem {
        Builtin::Shiritori => &SHIRITORI,
        Builtin::Lucky7 => &LUCKY7,
    }
}

/// A section of Shiritori's editorial.
const fn shiritori(anchor: &'static str) -> Section {
    Section {
        problem: Builtin::Shiritori,
        anchor,
    }
}

/// A section of Lucky 7's editorial.
const fn lucky7(anchor: &'static str) -> Section {
    Section {
        problem: Builtin::Lucky7,
        anchor,
    }
}

const GRAPH: Section = shiritori("the-game-as-a-graph");
const BACKWARDS: Section = shiritori("deciding-vertices-backwards");
const LINEAR: Section = shiritori("doing-it-in-linear-time");
const RESIDUES: Section = lucky7("residues-suffice");
const BACKWARD_DP: Section = lucky7("backwards-because-the-end-is-known");

/// Shiritori's classic mistakes, the simplest first.
pub const SHIRITORI: [Mistake; 10] = [
    Mistake {
        id: "draws-as-takahashi",
        sentence: "The analysis is right, but a draw is printed as a win for Takahashi.",
        section: BACKWARDS,
        ways: &[|input| {
            let graph = Graph::new(input, Blocks::Length(3));
            winners(&graph, &retrograde(&graph, Counting::Every), "Takahashi")
        }],
    },
    Mistake {
        id: "draws-as-aoki",
        sentence: "The analysis is right, but a draw is printed as a win for Aoki.",
        section: BACKWARDS,
        ways: &[|input| {
            let graph = Graph::new(input, Blocks::Length(3));
            winners(&graph, &retrograde(&graph, Counting::Every), "Aoki")
        }],
    },
    Mistake {
        id: "ignores-case",
        sentence: "Blocks are compared without regard to case, as if `A` were `a`.",
        section: GRAPH,
        ways: &[|input| {
            let graph = Graph::new(input, Blocks::IgnoringCase);
            winners(&graph, &retrograde(&graph, Counting::Every), "Draw")
        }],
    },
    Mistake {
        id: "wrong-block-length",
        sentence: "Two or four letters are taken as the block where the rules say three.",
        section: GRAPH,
        ways: &[
            |input| {
                let graph = Graph::new(input, Blocks::Length(2));
                winners(&graph, &retrograde(&graph, Counting::Every), "Draw")
            },
            |input| {
                let graph = Graph::new(input, Blocks::Length(4));
                winners(&graph, &retrograde(&graph, Counting::Every), "Draw")
            },
        ],
    },
    Mistake {
        id: "self-loops-ignored",
        sentence: "A word that starts and ends with the same block is left out, although it can be said again and again.",
        section: GRAPH,
        ways: &[|input| {
            let mut graph = Graph::new(input, Blocks::Length(3));
            graph.drop_self_loops();
            winners(&graph, &retrograde(&graph, Counting::Every), "Draw")
        }],
    },
    Mistake {
        id: "direction-reversed",
        sentence: "A word is taken the wrong way round: the game graph's edges go from its last block to its first, or its answer is read at its first block, not its last.",
        section: GRAPH,
        ways: &[
            |input| {
                let mut graph = Graph::new(input, Blocks::Length(3));
                graph.reverse();
                winners(&graph, &retrograde(&graph, Counting::Every), "Draw")
            },
            |input| {
                let mut graph = Graph::new(input, Blocks::Length(3));
                graph.read_at_first_blocks();
                winners(&graph, &retrograde(&graph, Counting::Every), "Draw")
            },
        ],
    },
    Mistake {
        id: "duplicates-once",
        sentence: "A word listed twice counts as one move of its block, but both copies count it down when its end is decided, so the block can look lost too early.",
        section: LINEAR,
        ways: &[|input| {
            let graph = Graph::new(input, Blocks::Length(3));
            winners(&graph, &retrograde(&graph, Counting::DistinctWords), "Draw")
        }],
    },
    Mistake {
        id: "loss-not-passed-on",
        sentence: "A block found lost while the analysis runs is never passed on to the blocks that move into it, which so stay undecided.",
        section: BACKWARDS,
        ways: &[|input| {
            let graph = Graph::new(input, Blocks::Length(3));
            winners(&graph, &retrograde(&graph, Counting::LossesKept), "Draw")
        }],
    },
    Mistake {
        id: "waits-for-all-moves",
        sentence: "A block is decided only once every one of its moves is decided, so a move into a lost block does not win at once, and a block with a move into itself never counts as won.",
        section: BACKWARDS,
        ways: &[|input| {
            let graph = Graph::new(input, Blocks::Length(3));
            winners(&graph, &all_moves_decided(&graph), "Draw")
        }],
    },
    Mistake {
        id: "cycle-as-draw",
        sentence: "A memoised depth-first search takes a position still on its own path as a draw, and remembers what it found from there as final.",
        section: BACKWARDS,
        ways: &[
            |input| {
                let graph = Graph::new(input, Blocks::Length(3));
                winners(&graph, &depth_first(&graph, false), "Draw")
            },
            |input| {
                let graph = Graph::new(input, Blocks::Length(3));
                winners(&graph, &depth_first(&graph, true), "Draw")
            },
        ],
    },
];

/// Lucky 7's classic mistakes, the simplest first.
pub const LUCKY7: [Mistake; 8] = [
    Mistake {
        id: "last-player-wins",
        sentence: "Whoever plays the last round is declared the winner.",
        section: BACKWARD_DP,
        ways: &[|input| {
            let (_, players) = game(input);
            winner(players.last() == Some(&b'T'))
        }],
    },
    Mistake {
        id: "zero-choice-ignored",
        sentence: "The player's other choice, appending 0, is left out: every round appends S's digit.",
        section: BACKWARD_DP,
        ways: &[|input| {
            let (digits, _) = game(input);
            let residue = digits
                .iter()
                .fold(0, |residue, digit| (10 * residue + digit) % 7);
            winner(residue == 0)
        }],
    },
    Mistake {
        id: "digit-weight",
        sentence: "T is not multiplied by 10 as a round appends a digit: not before the digit is added, or not when 0 is chosen.",
        section: RESIDUES,
        ways: &[
            |input| winner(backward(input, Rule::right().adding_only())[0] & 1 == 1),
            |input| winner(backward(input, Rule::right().zero_kept())[0] & 1 == 1),
        ],
    },
    Mistake {
        id: "players-swapped",
        sentence: "Takahashi and Aoki are swapped: T's rounds are played as Aoki's, and A's as Takahashi's, or the winner is named the other way round.",
        section: BACKWARD_DP,
        ways: &[
            |input| winner(backward(input, Rule::right().swapped())[0] & 1 == 1),
            |input| winner(backward(input, Rule::right())[0] & 1 == 0),
        ],
    },
    Mistake {
        id: "both-choose-for-takahashi",
        sentence: "One player's rounds are played as the other's: in Aoki's, either choice that lets Takahashi win is taken, where Aoki needs both to; or in Takahashi's, both are needed, where one would do.",
        section: BACKWARD_DP,
        ways: &[
            |input| winner(backward(input, Rule::right().always(true))[0] & 1 == 1),
            |input| winner(backward(input, Rule::right().always(false))[0] & 1 == 1),
        ],
    },
    Mistake {
        id: "start-residue-ignored",
        sentence: "Takahashi is declared the winner when the winning set before round 1 is not empty, rather than when it holds 0, the residue of the empty number.",
        section: BACKWARD_DP,
        ways: &[|input| winner(backward(input, Rule::right())[0] != 0)],
    },
    Mistake {
        id: "forward-pass",
        sentence: "The backward recurrence is applied to the rounds in input order, so that round 1 is treated as the last.",
        section: BACKWARD_DP,
        ways: &[|input| {
            let (digits, players) = game(input);
            let rounds = (0..digits.len()).map(|round| (digits[round], players[round]));
            let winning = rounds.fold(1, |winning, (digit, player)| {
                step(winning, digit, player == b'T', Rule::right())
            });
            winner(winning & 1 == 1)
        }],
    },
    Mistake {
        id: "greedy",
        sentence: "Each player takes the choice that looks best for the next round only: Takahashi a multiple of 7 now if he can, Aoki one that is not; where neither choice looks good, the digit, or 0.",
        section: BACKWARD_DP,
        ways: &[|input| greedy(input, false), |input| greedy(input, true)],
    },
];

/// Lucky 7 played greedily: each player takes the choice that makes the number good for him
/// now (a multiple of 7 for Takahashi, any other for Aoki); where neither does, 0 if
/// `zero_when_neither`, else the digit.
fn greedy(input: &Input, zero_when_neither: bool) -> String {
    let (digits, players) = game(input);
    let mut residue = 0;
    for (&digit, &player) in digits.iter().zip(players) {
        let (with_digit, with_zero) = ((10 * residue + digit) % 7, 10 * residue % 7);
        let takahashi = player == b'T';
        // The player's goal this round: residue 0 for Takahashi, any other for Aoki.
        let good = |residue: usize| (residue == 0) == takahashi;
        residue = match (good(with_digit), good(with_zero)) {
            (true, _) => with_digit,
            (false, true) => with_zero,
            (false, false) if zero_when_neither => with_zero,
            (false, false) => with_digit,
        };
    }
    winner(residue == 0)
}

/// Lucky 7's answer line.
fn winner(takahashi: bool) -> String {
    let name = if takahashi { "Takahashi" } else { "Aoki" };
    format!("{name}\n")
}

/// The digits and players of a Lucky 7 game.
fn game(input: &Input) -> (Vec<usize>, &[u8]) {
    match input {
        Input::Lucky7 { digits, players } => {
            let digits = digits
                .bytes()
                .map(|digit| usize::from(digit - b'0'))
                .collect();
            (digits, players.as_bytes())
        }
        _ => (Vec::new(), &[]),
    }
}

/// How a round of the backward DP is taken, right or with a mistake.
#[derive(Clone, Copy)]
struct Rule {
    /// T is multiplied by this before the digit is added: 10, or 1 when the digit is only added.
    weight: usize,
    /// T is multiplied by this when 0 is chosen: 10, or 1 when it is kept as it is.
    zero_weight: usize,
    /// The rounds' players swapped.
    swapped: bool,
    /// Every round played as Takahashi's (true) or as Aoki's (false).
    always: Option<bool>,
}

impl Rule {
    fn right() -> Self {
        Self {
            weight: 10,
            zero_weight: 10,
            swapped: false,
            always: None,
        }
    }

    fn adding_only(self) -> Self {
        Self {
            weight: 1,
            zero_weight: 1,
            ..self
        }
    }

    fn zero_kept(self) -> Self {
        Self {
            zero_weight: 1,
            ..self
        }
    }

    fn swapped(self) -> Self {
        Self {
            swapped: true,
            ..self
        }
    }

    fn always(self, takahashi: bool) -> Self {
        Self {
            always: Some(takahashi),
            ..self
        }
    }
}

/// The residues (a 7-bit mask) from which Takahashi wins before a round with `digit`, played by
/// Takahashi or not, given those he wins from after it, as `rule` takes it.
fn step(after: u8, digit: usize, takahashi: bool, rule: Rule) -> u8 {
    let takahashi = rule.always.unwrap_or(takahashi != rule.swapped);
    let wins = |residue: usize| after >> residue & 1 == 1;
    (0..7).fold(0, |before, residue| {
        let with_digit = wins((rule.weight * residue + digit) % 7);
        let with_zero = wins(rule.zero_weight * residue % 7);
        let won = match takahashi {
            true => with_digit || with_zero,
            false => with_digit && with_zero,
        };
        before | u8::from(won) << residue
    })
}

/// The winning set before each round and after the last, by the backward DP as `rule` takes it.
fn backward(input: &Input, rule: Rule) -> Vec<u8> {
    let (digits, players) = game(input);
    let mut winning = vec![1; digits.len() + 1];
    for round in (0..digits.len()).rev() {
        let takahashi = players[round] == b'T';
        winning[round] = step(winning[round + 1], digits[round], takahashi, rule);
    }
    winning
}

/// What a Shiritori position is for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Win,
    Loss,
    Draw,
}

/// How a word's blocks are taken: its first and last so many letters (fewer in a shorter word, as
/// a slice of a string takes them), or three letters compared without regard to case.
#[derive(Clone, Copy)]
enum Blocks {
    Length(usize),
    IgnoringCase,
}

/// A dictionary as a graph, its blocks numbered in the order the words first name them.
struct Graph {
    blocks: usize,
    /// Each word's last block, where its answer is read, and the number of its spelling among
    /// the distinct words.
    words: Vec<(usize, usize)>,
    /// The moves, as (from, spelling, to), in input order.
    moves: Vec<(usize, usize, usize)>,
}

impl Graph {
    fn new(input: &Input, taken: Blocks) -> Self {
        let Input::Shiritori(words) = input else {
            let (blocks, words, moves) = (0, Vec::new(), Vec::new());
            return Self {
                blocks,
                words,
                moves,
            };
        };
        let mut blocks: HashMap<String, usize> = HashMap::new();
        let mut spellings: HashMap<&str, usize> = HashMap::new();
        let (mut graph_words, mut moves) = (Vec::new(), Vec::new());
        for word in words.iter() {
            let (head, tail) = match taken {
                Blocks::Length(length) => {
                    let length = length.min(word.len());
                    let (head, tail) = (&word[..length], &word[word.len() - length..]);
                    (head.to_string(), tail.to_string())
                }
                Blocks::IgnoringCase => {
                    let word = word.to_ascii_lowercase();
                    (word[..3].to_string(), word[word.len() - 3..].to_string())
                }
            };
            let mut number = |block: String| {
                let next = blocks.len();
                *blocks.entry(block).or_insert(next)
            };
            let (from, to) = (number(head), number(tail));
            let next = spellings.len();
            let spelling = *spellings.entry(word).or_insert(next);
            graph_words.push((to, spelling));
            moves.push((from, spelling, to));
        }
        Self {
            blocks: blocks.len(),
            words: graph_words,
            moves,
        }
    }

    fn drop_self_loops(&mut self) {
        self.moves.retain(|&(from, _, to)| from != to);
    }

    /// Reads each word's answer at its first block rather than its last.
    fn read_at_first_blocks(&mut self) {
        for (word, &(from, _, _)) in self.words.iter_mut().zip(&self.moves) {
            word.0 = from;
        }
    }

    fn reverse(&mut self) {
        for (from, _, to) in &mut self.moves {
            std::mem::swap(from, to);
        }
    }

    /// The blocks that the moves from each block lead to, in input order, a word listed twice
    /// twice.
    fn moves_from(&self) -> Vec<Vec<usize>> {
        let mut from = vec![Vec::new(); self.blocks];
        for &(head, _, tail) in &self.moves {
            from[head].push(tail);
        }
        from
    }
}

/// The answer for each word: the winner when Takahashi opens with it, from the outcome of its last
/// block for Aoki, to move there; a draw printed as `draw`.
fn winners(graph: &Graph, outcome: &[Outcome], draw: &str) -> String {
    let line = |&(last, _): &(usize, usize)| match outcome[last] {
        Outcome::Loss => "Takahashi\n".to_string(),
        Outcome::Win => "Aoki\n".to_string(),
        Outcome::Draw => format!("{draw}\n"),
    };
    graph.words.iter().map(line).collect()
}

/// How the moves of a block are counted down as the blocks they lead to are found won.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Counting {
    /// Every word, and every block decided is passed on: right.
    Every,
    /// The distinct words, but every copy counted down.
    DistinctWords,
    /// Every word, but a block found lost while the analysis runs is not passed on.
    LossesKept,
}

/// The retrograde analysis, right or with a mistake in its `counting`: the dead ends are lost; a
/// block with a move into a lost one is won; a block whose moves all lead into won ones, counted
/// down, is lost; the rest are draws.
fn retrograde(graph: &Graph, counting: Counting) -> Vec<Outcome> {
    let moves_from = graph.moves_from();
    let mut into = vec![Vec::new(); graph.blocks];
    for &(from, _, to) in &graph.moves {
        into[to].push(from);
    }
    let mut left: Vec<usize> = match counting {
        Counting::DistinctWords => (0..graph.blocks)
            .map(|block| {
                let mut spellings: Vec<usize> = (graph.moves.iter())
                    .filter(|&&(from, _, _)| from == block)
                    .map(|&(_, spelling, _)| spelling)
                    .collect();
                spellings.sort_unstable();
                spellings.dedup();
                spellings.len()
            })
            .collect(),
        _ => moves_from.iter().map(Vec::len).collect(),
    };
    let mut outcome: Vec<Option<Outcome>> = vec![None; graph.blocks];
    let mut queue = std::collections::VecDeque::new();
    for block in 0..graph.blocks {
        if moves_from[block].is_empty() {
            outcome[block] = Some(Outcome::Loss);
            queue.push_back(block);
        }
    }
    while let Some(block) = queue.pop_front() {
        let lost = outcome[block] == Some(Outcome::Loss);
        for &before in &into[block] {
            if outcome[before].is_some() {
                continue;
            }
            left[before] = left[before].saturating_sub(usize::from(!lost));
            if lost {
                outcome[before] = Some(Outcome::Win);
                queue.push_back(before);
            } else if left[before] == 0 {
                outcome[before] = Some(Outcome::Loss);
                if counting != Counting::LossesKept {
                    queue.push_back(before);
                }
            }
        }
    }
    outcome
        .into_iter()
        .map(|outcome| outcome.unwrap_or(Outcome::Draw))
        .collect()
}

/// The analysis that decides a block only once every one of its moves is decided: won if one
/// leads into a lost block, else lost; dead ends lost; the rest, never decided, draws.
fn all_moves_decided(graph: &Graph) -> Vec<Outcome> {
    let moves_from = graph.moves_from();
    let mut outcome: Vec<Option<Outcome>> = vec![None; graph.blocks];
    let mut changed = true;
    while changed {
        changed = false;
        for block in 0..graph.blocks {
            let moves: Option<Vec<Outcome>> =
                moves_from[block].iter().map(|&to| outcome[to]).collect();
            if let (None, Some(moves)) = (outcome[block], moves) {
                let won = moves.contains(&Outcome::Loss);
                outcome[block] = Some(if won { Outcome::Win } else { Outcome::Loss });
                changed = true;
            }
        }
    }
    outcome
        .into_iter()
        .map(|outcome| outcome.unwrap_or(Outcome::Draw))
        .collect()
}

/// A memoised depth-first search from each word's last block in input order, that takes a block
/// still on its own path as a draw and remembers every result as final; it looks at every move of
/// a block, or stops at the first that wins when `stops_at_a_win`.
fn depth_first(graph: &Graph, stops_at_a_win: bool) -> Vec<Outcome> {
    struct Search {
        moves_from: Vec<Vec<usize>>,
        memo: Vec<Option<Outcome>>,
        on_path: Vec<bool>,
        stops_at_a_win: bool,
    }
    impl Search {
        fn solve(&mut self, block: usize) -> Outcome {
            if let Some(outcome) = self.memo[block] {
                return outcome;
            }
            if self.on_path[block] {
                return Outcome::Draw;
            }
            self.on_path[block] = true;
            let (mut won, mut drawn) = (false, false);
            for k in 0..self.moves_from[block].len() {
                match self.solve(self.moves_from[block][k]) {
                    Outcome::Loss => won = true,
                    Outcome::Draw => drawn = true,
                    Outcome::Win => {}
                }
                if won && self.stops_at_a_win {
                    break;
                }
            }
            self.on_path[block] = false;
            let outcome = match (won, drawn) {
                (true, _) => Outcome::Win,
                (false, true) => Outcome::Draw,
                (false, false) => Outcome::Loss,
            };
            self.memo[block] = Some(outcome);
            outcome
        }
    }
    let mut search = Search {
        moves_from: graph.moves_from(),
        memo: vec![None; graph.blocks],
        on_path: vec![false; graph.blocks],
        stops_at_a_win,
    };
    for &(last, _) in &graph.words {
        search.solve(last);
    }
    search
        .memo
        .into_iter()
        .map(|outcome| outcome.unwrap_or(Outcome::Draw))
        .collect()
}
