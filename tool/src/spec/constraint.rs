//! The Constraints section of a spec, a constraint per line: chains of comparisons
//! (`1 \leq L_i \leq R_i \leq N`), the letters of strings, distinct values, order, permutations,
//! trees and graphs, a sum over the test cases ([`read`]).

use super::expr::{Expr, Name, Reader};
use super::markup::Token;

/// A comparison of a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    AtMost,
    Below,
    AtLeast,
    Above,
    Equal,
    NotEqual,
}

impl Compare {
    fn of(token: &str) -> Self {
        match token {
            "<=" => Self::AtMost,
            "<" => Self::Below,
            ">=" => Self::AtLeast,
            ">" => Self::Above,
            "=" => Self::Equal,
            _ => Self::NotEqual,
        }
    }

    /// Whether `a` compares so with `b`.
    pub fn holds(self, a: i128, b: i128) -> bool {
        match self {
            Self::AtMost => a <= b,
            Self::Below => a < b,
            Self::AtLeast => a >= b,
            Self::Above => a > b,
            Self::Equal => a == b,
            Self::NotEqual => a != b,
        }
    }
}

/// The shape a graph's edges must make.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    pub tree: bool,
    pub simple: bool,
    pub connected: bool,
}

/// What a constraint says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// `terms[0] compares[0] terms[1] ...`, for every value of its free indices.
    Chain {
        terms: Vec<Expr>,
        compares: Vec<Compare>,
    },
    /// Every value in the input is an integer: the format's numbers are, already.
    Integers,
    /// The strings `names` consist of these letters only.
    Letters {
        names: Vec<String>,
        letters: Vec<u8>,
    },
    /// The values of an array (one name), or the rows of several (`(u_i, v_i)`), are distinct.
    Distinct { names: Vec<String> },
    /// The array's values go up: `A_1 < A_2 < \ldots < A_N`, or with `\leq`.
    Sorted { name: String, strict: bool },
    /// The array is a permutation of 1 to `of`.
    Permutation { name: String, of: Expr },
    /// The edges of the input make this shape.
    Graph(Shape),
    /// The sum of `name` over the test cases is at most `most`.
    Sum { name: String, most: Expr },
}

/// A constraint: its line in the spec, its text, and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraint {
    pub line: usize,
    pub text: String,
    pub rule: Rule,
}

/// The most terms a chain may have: `1 \leq L_i \leq R_i \leq N` has four.
pub const MOST_TERMS: usize = 8;

/// The forms of a constraint the spec reads, for the error on a line it does not.
pub const FORMS: &str = "a chain of comparisons (1 <= N <= 2*10^5, 1 <= L_i <= R_i <= N, |S| = N, u_i != v_i, M <= min(1000, N(N-1)/2)), \"All values in input are integers\", \"S is a string of length N consisting of lowercase English letters\" (uppercase, digits, `.` and `#`, `A`, `B` and `C`), \"A_i are pairwise distinct\", A_i != A_j (i != j), (u_i, v_i) != (u_j, v_j) (i != j), A_1 < A_2 < ... < A_N, \"A is a permutation of (1, ..., N)\", \"The given graph is a tree\" (simple, connected), \"The sum of N over all test cases is at most 2*10^5\"";

/// The constraints a line says; None if the spec does not read it. `text` is the line,
/// normalized, without its bullet; `tokens` its tokens.
pub fn read(text: &str, tokens: &[Token]) -> Option<Vec<Rule>> {
    let lower = text.to_lowercase();
    let has = |phrase: &str| lower.contains(phrase);
    if has("integer") && (has("all") || has("are integers") || has("is an integer")) {
        return Some(vec![Rule::Integers]);
    }
    if has("sum") {
        return sum(tokens).map(|rule| vec![rule]);
    }
    if has("permutation") {
        return permutation(tokens).map(|rule| vec![rule]);
    }
    if has("graph") || has("tree") {
        let shape = Shape {
            tree: has("tree"),
            simple: has("simple") || has("tree"),
            connected: has("connected") || has("tree"),
        };
        return (shape != Shape::default()).then(|| vec![Rule::Graph(shape)]);
    }
    if has("string") || has("consist") {
        return strings(&lower, tokens);
    }
    if has("distinct") {
        let names = subjects(tokens);
        return (!names.is_empty()).then(|| vec![Rule::Distinct { names }]);
    }
    chain(tokens)
}

/// The names a sentence is about, before its verb: `A_i` in "All A_i are distinct".
fn subjects(tokens: &[Token]) -> Vec<String> {
    let mut names = Vec::new();
    let mut reader = Reader::new(tokens);
    while let Some(token) = reader.peek() {
        match token {
            Token::Word(word) if is_verb(word) => break,
            Token::Word(word)
                if word.len() == 1
                    || word.chars().next().is_some_and(char::is_uppercase) && !is_prose(word) =>
            {
                let Some(name) = reader.name() else { break };
                if !names.contains(&name.base) {
                    names.push(name.base);
                }
            }
            _ => {
                reader.next();
            }
        }
    }
    names
}

fn is_verb(word: &str) -> bool {
    matches!(
        word,
        "is" | "are" | "consists" | "consist" | "has" | "have" | "contains"
    )
}

/// Words of prose that start with a capital: `All`, `Each`, `The`.
fn is_prose(word: &str) -> bool {
    matches!(
        word,
        "All" | "Each" | "The" | "Every" | "Both" | "In" | "For" | "Values" | "Here" | "It"
    )
}

/// "The sum of N over all test cases is at most E", `\sum N \leq E`.
fn sum(tokens: &[Token]) -> Option<Rule> {
    let after_sum = tokens.iter().position(|token| {
        *token == Token::Word("sum".into()) || *token == Token::Word("Sum".into())
    })?;
    let rest = &tokens[after_sum + 1..];
    let mut reader = Reader::new(rest);
    if reader.peek() == Some(&Token::Word("of".into())) {
        reader.next();
    }
    let name = reader.name()?;
    let most_at = rest.iter().position(|token| {
        matches!(token, Token::Compare("<=")) || *token == Token::Word("most".into())
    })?;
    let mut bound = Reader::new(&rest[most_at + 1..]);
    let most = bound.sum()?;
    Some(Rule::Sum {
        name: name.base,
        most,
    })
}

/// "A is a permutation of (1, 2, \ldots, N)", "(P_1, \ldots, P_N) is a permutation of ...".
fn permutation(tokens: &[Token]) -> Option<Rule> {
    let name = subjects(tokens).into_iter().next()?;
    // The last bound of `(1, 2, \ldots, N)`, or of `1 to N`: what follows the line's last
    // comma, ellipsis or "to".
    let last_at = tokens.iter().rposition(|token| {
        matches!(token, Token::Mark(',') | Token::Across) || *token == Token::Word("to".into())
    })?;
    let mut reader = Reader::new(&tokens[last_at + 1..]);
    let of = reader.sum()?;
    Some(Rule::Permutation { name, of })
}

/// "S is a string of length N consisting of lowercase English letters", "S_i consists of `.`
/// and `#`": the letters, and the length as a chain.
fn strings(lower: &str, tokens: &[Token]) -> Option<Vec<Rule>> {
    let names = subjects(tokens);
    if names.is_empty() {
        return None;
    }
    let mut rules = Vec::new();
    if let Some(of_length) = find_words(tokens, &["length"]) {
        let mut reader = Reader::new(&tokens[of_length + 1..]);
        if let Some(length) = reader.sum() {
            for name in &names {
                let length_of = Expr::Length(Name {
                    base: name.clone(),
                    indices: Vec::new(),
                });
                rules.push(Rule::Chain {
                    terms: vec![length_of, length.clone()],
                    compares: vec![Compare::Equal],
                });
            }
        }
    }
    let consisting = ["consisting", "consists", "consist", "made"]
        .iter()
        .find_map(|word| find_words(tokens, &[word]));
    if let Some(at) = consisting {
        let letters = letters(
            &lower[lower.find(['c', 'm']).unwrap_or(0)..],
            &tokens[at + 1..],
        )?;
        rules.push(Rule::Letters {
            names: names.clone(),
            letters,
        });
    }
    (!rules.is_empty()).then_some(rules)
}

/// Where the word `words[0]` is among `tokens`.
fn find_words(tokens: &[Token], words: &[&str]) -> Option<usize> {
    tokens
        .iter()
        .position(|token| matches!(token, Token::Word(word) if words.contains(&word.as_str())))
}

/// The letters that "consisting of ..." names: classes (lowercase or uppercase English letters,
/// digits) or characters one by one (`.` and `#`; `A`, `B` and `C`).
fn letters(lower: &str, after: &[Token]) -> Option<Vec<u8>> {
    let mut letters = Vec::new();
    let lowercase = lower.contains("lowercase");
    let uppercase = lower.contains("uppercase");
    // "English letters" of no case said are either case.
    let either = lower.contains("english letters") && !lowercase && !uppercase;
    if lowercase || either {
        letters.extend(b'a'..=b'z');
    }
    if uppercase || either {
        letters.extend(b'A'..=b'Z');
    }
    if lower.contains("digit") {
        letters.extend(b'0'..=b'9');
    }
    if !letters.is_empty() {
        return Some(letters);
    }
    // A sentence's last period is no letter: "`A`, `B` and `C`."
    let after = match after.last() {
        Some(Token::Mark('.')) => &after[..after.len() - 1],
        _ => after,
    };
    for token in after {
        let character = match token {
            Token::Word(word) if word.len() == 3 && word.starts_with('\'') => word.as_bytes()[1],
            Token::Word(word) if word.len() == 1 => word.as_bytes()[0],
            Token::Mark(mark) if matches!(mark, '.' | '#' | '+' | '-' | '*' | '/' | '|' | '^') => {
                *mark as u8
            }
            Token::Number(digit) if (0..=9).contains(digit) => b'0' + *digit as u8,
            Token::Word(word)
                if matches!(
                    word.as_str(),
                    "and" | "or" | "only" | "the" | "characters" | "of"
                ) =>
            {
                continue;
            }
            Token::Mark(',') => continue,
            _ => break,
        };
        if !letters.contains(&character) {
            letters.push(character);
        }
    }
    letters.sort_unstable();
    (!letters.is_empty()).then_some(letters)
}

/// A chain of comparisons, with lists (`1 \leq A_i, B_i \leq N`) made a chain each, and a
/// trailing `(i \neq j)` or `(1 \leq i \leq N)` read as what it says of the indices; or
/// `A_1 < A_2 < \ldots < A_N`; or distinct values or rows (`(u_i, v_i) \neq (u_j, v_j)`).
fn chain(tokens: &[Token]) -> Option<Vec<Rule>> {
    let (tokens, distinct_indices) = without_index_note(tokens);
    if tokens.contains(&Token::Across) {
        return sorted(tokens);
    }
    let mut reader = Reader::new(tokens);
    let mut terms: Vec<Vec<Expr>> = Vec::new();
    let mut compares = Vec::new();
    loop {
        terms.push(list(&mut reader)?);
        match reader.next() {
            Some(Token::Compare(compare)) => compares.push(Compare::of(compare)),
            None => break,
            Some(_) => return None,
        }
    }
    if compares.is_empty() || terms.len() > MOST_TERMS {
        return None;
    }
    if distinct_indices
        || (compares == [Compare::NotEqual] && terms.iter().all(|term| term.len() > 1))
    {
        // `A_i \neq A_j (i \neq j)`, `(u_i, v_i) \neq (u_j, v_j)`.
        let names: Option<Vec<String>> = terms[0]
            .iter()
            .map(|term| term.as_name().map(|name| name.base.clone()))
            .collect();
        return Some(vec![Rule::Distinct { names: names? }]);
    }
    // A list made a chain for each of its items.
    let mut chains: Vec<Vec<Expr>> = vec![Vec::new()];
    for term in terms {
        chains = chains
            .into_iter()
            .flat_map(|chain| {
                term.iter().map(move |item| {
                    let mut longer = chain.clone();
                    longer.push(item.clone());
                    longer
                })
            })
            .collect();
    }
    Some(
        chains
            .into_iter()
            .map(|terms| Rule::Chain {
                terms,
                compares: compares.clone(),
            })
            .collect(),
    )
}

/// A term of a chain: one expression, a list of them, or a list in parentheses (a row).
fn list(reader: &mut Reader) -> Option<Vec<Expr>> {
    let start = reader.position();
    if reader.eat('(') {
        let mut items = vec![reader.sum()?];
        while reader.eat(',') {
            items.push(reader.sum()?);
        }
        if reader.eat(')') && items.len() > 1 {
            return Some(items);
        }
        reader.back_to(start);
    }
    let mut items = vec![reader.sum()?];
    while reader.eat(',') {
        items.push(reader.sum()?);
    }
    Some(items)
}

/// `tokens` without a trailing note on the indices, `(i \neq j)` or `(1 \leq i \leq N)`, and
/// whether the note says the indices differ.
fn without_index_note(tokens: &[Token]) -> (&[Token], bool) {
    let Some(Token::Mark(')')) = tokens.last() else {
        return (tokens, false);
    };
    let Some(open) = tokens.iter().rposition(|token| *token == Token::Mark('(')) else {
        return (tokens, false);
    };
    // The note, parentheses and all: no check below looks for a parenthesis.
    let note = &tokens[open..];
    let index_word = |token: &Token| matches!(token, Token::Word(word) if word.len() == 1 && word.chars().all(|c| c.is_ascii_lowercase()));
    let about_indices = note.iter().any(index_word)
        && note.iter().any(|token| matches!(token, Token::Compare(_)))
        && !note.iter().any(|token| matches!(token, Token::Mark('_')));
    if !about_indices || open == 0 {
        return (tokens, false);
    }
    let distinct = note.contains(&Token::Compare("!="));
    (&tokens[..open], distinct)
}

/// `A_1 < A_2 < \ldots < A_N`, or with `\leq`, with bounds before and after or not
/// (`1 \leq X_1 < \ldots < X_N \leq 10^9`): the order, and the bounds as a chain of each value.
fn sorted(tokens: &[Token]) -> Option<Vec<Rule>> {
    // The parts between comparisons, and the comparisons.
    let mut parts: Vec<&[Token]> = Vec::new();
    let mut compares = Vec::new();
    let mut start = 0;
    for (at, token) in tokens.iter().enumerate() {
        if let Token::Compare(compare) = token {
            parts.push(&tokens[start..at]);
            compares.push(Compare::of(compare));
            start = at + 1;
        }
    }
    parts.push(&tokens[start..]);
    let name_of = |part: &[Token]| {
        let mut reader = Reader::new(part);
        let name = reader.name()?;
        (reader.done() && !name.indices.is_empty()).then_some(name)
    };
    let first = parts.iter().position(|part| name_of(part).is_some())?;
    let last = parts.iter().rposition(|part| name_of(part).is_some())?;
    let base = name_of(parts[first])?.base;
    let inner = &parts[first..=last];
    let all_of_it = inner.iter().all(|part| {
        *part == [Token::Across] || name_of(part).is_some_and(|name| name.base == base)
    });
    let rising = compares[first..last]
        .iter()
        .all(|c| matches!(c, Compare::Below | Compare::AtMost));
    if !all_of_it || !rising || last - first < 2 {
        return None;
    }
    let strict = compares[first..last].iter().all(|c| *c == Compare::Below);
    let mut rules = vec![Rule::Sorted {
        name: base.clone(),
        strict,
    }];
    // Each value between the bounds, if there are any.
    let each = Expr::Variable(Name {
        base,
        indices: vec![Expr::Variable(Name::scalar("#1"))],
    });
    let bound = |part: &[Token]| {
        let mut reader = Reader::new(part);
        let expr = reader.sum()?;
        reader.done().then_some(expr)
    };
    let mut terms = Vec::new();
    let mut chain = Vec::new();
    // At most one bound on either side.
    match first {
        0 => {}
        1 => {
            terms.push(bound(parts[0])?);
            chain.push(compares[0]);
        }
        _ => return None,
    }
    terms.push(each);
    match parts.len() - last {
        1 => {}
        2 => {
            chain.push(compares[last]);
            terms.push(bound(parts[last + 1])?);
        }
        _ => return None,
    }
    if terms.len() > 1 {
        rules.push(Rule::Chain {
            terms,
            compares: chain,
        });
    }
    Some(rules)
}
