//! The spec of a problem of one's own (docs/spec.md): its forms read, inputs checked against it
//! with where and why they break it, inputs made from it, and shrunk by its structure; and
//! `gen`, `validate` and `check --spec` as a user runs them.

mod command_line;
mod documented;
mod generation;
mod graphs;
mod reading;
mod shrinking;
mod validation;

use atcoder_games_tool::spec::Spec;

/// The spec of `text`, which must read.
pub fn spec(text: &str) -> Spec {
    Spec::read(text).unwrap_or_else(|error| panic!("{error}\n{text}"))
}

/// The input that `spec` makes at `size` from `seed`, which must keep the spec: else a panic
/// that says where the test asked for it, the size and the seed, what went wrong, and the input's
/// first lines (an input of the largest sizes is long).
#[track_caller]
pub fn kept_input(spec: &Spec, size: usize, seed: u64) -> String {
    let input = spec
        .generate(size, seed)
        .unwrap_or_else(|error| panic!("size {size}, seed {seed}: {error}"));
    if let Err(invalid) = spec.validate(&input) {
        let start: Vec<&str> = input.lines().take(20).collect();
        panic!("size {size}, seed {seed}: {invalid}\n{}", start.join("\n"));
    }
    input
}

/// The first number of `text`.
pub fn first_number(text: &str) -> i64 {
    text.split_ascii_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// The values of line `line` (from 0) of `input`.
pub fn line_values(input: &str, line: usize) -> Vec<i64> {
    input
        .lines()
        .nth(line)
        .unwrap_or("")
        .split_ascii_whitespace()
        .map(|value| value.parse().unwrap())
        .collect()
}

/// The array on a line that the issue's own example gives.
pub const ARRAY: &str = "N K
A_1 A_2 \\ldots A_N

- 1 \\leq N \\leq 2 \\times 10^5
- 1 \\leq K \\leq 10^9
- 1 \\leq A_i \\leq 10^9
- All values in input are integers.
";

/// A tree of N vertices.
pub const TREE: &str = "N
u_1 v_1
\\vdots
u_{N-1} v_{N-1}

- 2 \\leq N \\leq 2 \\times 10^5
- 1 \\leq u_i, v_i \\leq N
- The given graph is a tree.
";

/// Test cases, each a string whose length its N says.
pub const CASES: &str = "T
\\mathrm{case}_1
\\vdots
\\mathrm{case}_T

Each case is given in the following format:

N
S

- 1 \\leq T \\leq 10^4
- 1 \\leq N \\leq 2 \\times 10^5
- S is a string of length N consisting of `A`, `B` and `C`.
- The sum of N over all test cases is at most 2 \\times 10^5.
";
