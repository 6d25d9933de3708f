//! Shrinking a user's input through its text, without knowing its format: cutting out lines, then
//! tokens, and making numbers and strings shorter, while the numbers that count what follows them
//! (a count header: `N` before N lines, or before a line of N tokens, or the length of the strings
//! that follow) go down with what they count. A validator then says which of these still keep the
//! constraints; these moves only make it likely that they do.

/// The text as lines of tokens, each token a piece of its line between ASCII whitespace.
fn lines(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .map(|line| line.split_ascii_whitespace().collect())
        .filter(|tokens: &Vec<&str>| !tokens.is_empty())
        .collect()
}

/// The text of `lines`: tokens joined by a space, a newline after each line.
fn joined(lines: &[Vec<String>]) -> String {
    let mut text = String::new();
    for line in lines {
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

/// `lines` as owned tokens, to change.
fn owned(lines: &[Vec<&str>]) -> Vec<Vec<String>> {
    let own = |line: &Vec<&str>| line.iter().map(|token| token.to_string()).collect();
    lines.iter().map(own).collect()
}

/// What a number of the text counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Counts {
    /// The lines after its own, to the end.
    LinesAfter,
    /// The tokens of the next line.
    NextLineTokens,
    /// The length of each string token of the lines after its own that has as many characters.
    Length,
}

/// The most numbers on a line of count headers: `N M K`, not a line of data.
const HEADER_LINE: usize = 4;

/// The count headers of `lines`: where each is (line, token) and what it counts, a positive
/// number on a short line of numbers. Only the lines before the first that is not all numbers are
/// looked at: a header comes before what it counts.
fn headers(lines: &[Vec<&str>]) -> Vec<((usize, usize), Counts)> {
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        if !line.iter().all(|token| token.parse::<u64>().is_ok()) {
            break;
        }
        if line.len() > HEADER_LINE {
            continue;
        }
        for (index, token) in line.iter().enumerate() {
            let value: usize = token.parse().unwrap_or(usize::MAX);
            let counts = if value >= 1 && value == lines.len() - at - 1 {
                Some(Counts::LinesAfter)
            } else if lines.get(at + 1).is_some_and(|next| next.len() == value) && value > 1 {
                Some(Counts::NextLineTokens)
            } else if value > 1 && lengths_after(lines, at).contains(&value) {
                Some(Counts::Length)
            } else {
                None
            };
            if let Some(counts) = counts {
                found.push(((at, index), counts));
            }
        }
    }
    found
}

/// The lengths of the string tokens (not numbers) on the lines after line `at`.
fn lengths_after(lines: &[Vec<&str>], at: usize) -> Vec<usize> {
    let strings = lines[at + 1..].iter().flatten();
    let strings = strings.filter(|token| token.parse::<f64>().is_err());
    strings.map(|token| token.chars().count()).collect()
}

/// Changes the number at `(line, token)` of `lines` by `change`, if it stays a number of 0 or
/// more.
fn adjust(lines: &mut [Vec<String>], (line, token): (usize, usize), change: isize) {
    let number: isize = lines[line][token].parse().unwrap_or(-1);
    if number >= 0 && number + change >= 0 {
        lines[line][token] = (number + change).to_string();
    }
}

/// How many lines the text has that hold a token.
pub fn line_count(text: &str) -> usize {
    lines(text).len()
}

/// How many tokens the text has.
pub fn token_count(text: &str) -> usize {
    lines(text).iter().map(Vec::len).sum()
}

/// The text without `count` of its lines from line `start` (from 0, counting only lines that hold
/// a token), each count header of the lines after it made smaller by as many; None if there is no
/// such line, or none would be left.
pub fn without_lines(text: &str, start: usize, count: usize) -> Option<String> {
    let lines = lines(text);
    let end = start.saturating_add(count).min(lines.len());
    if start >= end || end - start == lines.len() {
        return None;
    }
    let headers = headers(&lines);
    let mut changed = owned(&lines);
    for &((at, token), counts) in &headers {
        if at < start && counts == Counts::LinesAfter {
            adjust(&mut changed, (at, token), -((end - start) as isize));
        }
    }
    changed.drain(start..end);
    Some(joined(&changed))
}

/// The text without `count` of its tokens from token `start` (from 0, in reading order); a line
/// left empty goes, and the count headers of what went are made smaller; None if there is no such
/// token, or none would be left, or a count header is among them (it goes with what it counts
/// only when lines are cut).
pub fn without_tokens(text: &str, start: usize, count: usize) -> Option<String> {
    let lines = lines(text);
    let total: usize = lines.iter().map(Vec::len).sum();
    let end = start.saturating_add(count).min(total);
    if start >= end || end - start == total {
        return None;
    }
    let headers = headers(&lines);
    let mut changed = owned(&lines);
    // Where each token is, in reading order: (line, index).
    let places: Vec<(usize, usize)> = (lines.iter().enumerate())
        .flat_map(|(at, line)| (0..line.len()).map(move |index| (at, index)))
        .collect();
    let cut = &places[start..end];
    if cut
        .iter()
        .any(|place| headers.iter().any(|(header, _)| header == place))
    {
        // A count header goes with what it counts only by cutting lines.
        return None;
    }
    let removed_from = |line: usize| cut.iter().filter(|(at, _)| *at == line).count();
    let emptied: Vec<usize> = (0..lines.len())
        .filter(|&line| removed_from(line) == lines[line].len())
        .collect();
    for &((at, token), counts) in &headers {
        match counts {
            Counts::NextLineTokens => {
                adjust(&mut changed, (at, token), -(removed_from(at + 1) as isize))
            }
            Counts::LinesAfter => {
                let gone = emptied.iter().filter(|&&line| line > at).count();
                adjust(&mut changed, (at, token), -(gone as isize));
            }
            Counts::Length => {}
        }
    }
    for &(at, index) in cut.iter().rev() {
        changed[at].remove(index);
    }
    changed.retain(|line| !line.is_empty());
    Some(joined(&changed))
}

/// The numbers of `text` that shrinking may bring nearer 0: each integer that
/// counts nothing (no count header), in the order of the text, as its value. A number keeps its
/// sign: a negative number may be what fails.
pub fn numbers(text: &str) -> Vec<i128> {
    number_places(&lines(text))
        .into_iter()
        .map(|(_, _, value)| value)
        .collect()
}

/// `text` with its numbers (of [`numbers`]) made `values`: None unless there are as many.
pub fn with_numbers(text: &str, values: &[i128]) -> Option<String> {
    let lines = lines(text);
    let places = number_places(&lines);
    if places.len() != values.len() {
        return None;
    }
    let mut changed = owned(&lines);
    for (&(at, place, _), value) in places.iter().zip(values) {
        changed[at][place] = value.to_string();
    }
    Some(joined(&changed))
}

/// Where the numbers of `lines` that count nothing are (line, token), and their values.
fn number_places(lines: &[Vec<&str>]) -> Vec<(usize, usize, i128)> {
    let headers = headers(lines);
    let is_header = |place: (usize, usize)| headers.iter().any(|(header, _)| *header == place);
    let tokens = lines.iter().enumerate().flat_map(|(at, line)| {
        (line.iter().enumerate()).map(move |(place, token)| (at, place, token))
    });
    tokens
        .filter(|&(at, place, _)| !is_header((at, place)))
        .filter_map(|(at, place, token)| Some((at, place, token.parse::<i128>().ok()?)))
        .collect()
}

/// Texts a step simpler than `text` with as many tokens, the most promising first, each kind of
/// change for every token before the next kind: each number that counts nothing made 0, then 1
/// (or -1), then each string one character shorter together with every other string of its
/// length (and the headers that give that length one less), then each string alone one shorter.
/// A number is brought nearer 0 further by cutting down ([`numbers`]). A number keeps its sign: a
/// negative number may be what fails.
pub fn simpler(text: &str) -> Vec<String> {
    let lines = lines(text);
    let headers = headers(&lines);
    let is_header = |place: (usize, usize)| headers.iter().any(|(header, _)| *header == place);
    // The tokens that may change: (line, index, token).
    let tokens: Vec<(usize, usize, &str)> = (lines.iter().enumerate())
        .flat_map(|(at, line)| {
            line.iter()
                .enumerate()
                .map(move |(index, &token)| (at, index, token))
        })
        .filter(|&(at, index, _)| !is_header((at, index)))
        .collect();
    let replaced = |at: usize, index: usize, token: String| {
        let mut changed = owned(&lines);
        changed[at][index] = token;
        joined(&changed)
    };
    let number = |token: &str| token.parse::<i128>().ok();
    let string = |token: &str| number(token).is_none() && token.parse::<f64>().is_err();
    // A number made `nearer(magnitude)` in magnitude, if that is nearer 0, with its sign.
    let numbers = |nearer: fn(u128) -> u128| -> Vec<String> {
        let changed = tokens.iter().filter_map(|&(at, index, token)| {
            let value = number(token)?;
            let (magnitude, smaller) = (value.unsigned_abs(), nearer(value.unsigned_abs()));
            let sign = if value < 0 && smaller > 0 { "-" } else { "" };
            (smaller < magnitude).then(|| replaced(at, index, format!("{sign}{smaller}")))
        });
        changed.collect()
    };
    let mut candidates = numbers(|_| 0);
    candidates.extend(numbers(|_| 1));
    let mut lengths: Vec<usize> = (tokens.iter())
        .filter(|(_, _, token)| string(token))
        .map(|(_, _, token)| token.chars().count())
        .filter(|&length| length >= 2)
        .collect();
    lengths.dedup();
    let all_shorter = lengths
        .iter()
        .map(|&length| all_of_length_shorter(&lines, &headers, length));
    candidates.extend(all_shorter);
    let one_shorter = (tokens.iter())
        .filter(|(_, _, token)| string(token) && token.chars().count() >= 2)
        .map(|&(at, index, token)| {
            let length = token.chars().count();
            replaced(at, index, token.chars().take(length - 1).collect())
        });
    candidates.extend(one_shorter);
    let mut seen = std::collections::HashSet::new();
    candidates.retain(|candidate| candidate != text && seen.insert(candidate.clone()));
    candidates
}

/// `lines` with every token of `length` characters after the first header that gives that
/// length one character shorter, a string of digits too (a game of N digits and N players, say),
/// and each header that counts that length one less.
fn all_of_length_shorter(
    lines: &[Vec<&str>],
    headers: &[((usize, usize), Counts)],
    length: usize,
) -> String {
    let gives_length = |&&((at, index), counts): &&((usize, usize), Counts)| {
        counts == Counts::Length && lines[at][index].parse() == Ok(length)
    };
    let after = headers
        .iter()
        .find(gives_length)
        .map_or(0, |((at, _), _)| at + 1);
    let mut changed = owned(lines);
    for line in changed.iter_mut().skip(after) {
        for token in line.iter_mut() {
            if token.chars().count() == length {
                *token = token.chars().take(length - 1).collect();
            }
        }
    }
    for &(place, _) in headers.iter().filter(|header| gives_length(header)) {
        adjust(&mut changed, place, -1);
    }
    joined(&changed)
}
